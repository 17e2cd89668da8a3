import { CircleCheck, TriangleAlert } from 'lucide-react';
import { Link } from 'wouter';
import type { ReorderResponse } from '@common/contracts/orders';
import { Alert, AlertDescription, AlertTitle } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';

/** "13 lines" / "1 line". */
export const lineCount = (n: number) => `${n} ${n === 1 ? 'line' : 'lines'}`;

/** The toast's and the alert's sentence: "Added 13 lines to Reorder of #2 – Garcia Lobby" (docs/decisions/0208). */
export function reorderSummary(result: ReorderResponse): string {
  return result.added.length === 0 ? `Nothing could be added to ${result.cartName}` : `Added ${lineCount(result.added.length)} to ${result.cartName}`;
}

/** What Reorder put into which PO, and what it could not (docs/product-decisions.md: says which were skipped). */
export function ReorderResult({ result }: { result: ReorderResponse }) {
  const reduced = result.added.filter((a) => a.quantity < a.requested);
  return (
    <Alert variant={result.skipped.length > 0 || reduced.length > 0 ? 'warning' : 'success'} className="print:hidden">
      {result.skipped.length > 0 ? <TriangleAlert aria-hidden /> : <CircleCheck aria-hidden />}
      <AlertTitle className="break-words">{reorderSummary(result)}</AlertTitle>
      <AlertDescription className="flex flex-col gap-2">
        {reduced.length > 0 && (
          <span>
            Fewer than before, limited by stock: {reduced.map((r) => `${r.name} (${r.quantity} of ${r.requested})`).join(', ')}.
          </span>
        )}
        {result.skipped.length > 0 && (
          <span>
            Skipped: {result.skipped.map((s) => `${s.name} (${s.reason})`).join(', ')}.
          </span>
        )}
        {result.lotNotes?.map((note) => (
          <span key={note}>{note}.</span>
        ))}
        {result.added.length > 0 && (
          <Button asChild size="sm" variant="outline" className="w-fit">
            {/* The PO filled is the active one now (docs/decisions/0208), so /cart shows it. */}
            <Link href="/cart">View PO</Link>
          </Button>
        )}
      </AlertDescription>
    </Alert>
  );
}

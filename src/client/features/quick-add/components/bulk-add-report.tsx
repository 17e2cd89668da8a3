import type { BulkAddResponse } from '@common/contracts/carts';
import { Badge } from '@client/components/ui/badge';

/**
 * The lines of a bulk add that did not go in as asked (ADR 0189), one per row: the product,
 * Capped or Not added, and why. On a phone each row stacks, so a reason never runs under the
 * next row's label.
 */
export function BulkAddReport({ result, poName }: { result: BulkAddResponse; poName: string }) {
  const notInFull = result.lines.filter((line) => line.status !== 'added');
  return (
    <section aria-label="Bulk add result" className="grid gap-2 rounded-card border border-border bg-surface p-3 text-sm" data-testid="bulk-add-report">
      <p role="status" className="font-medium">
        {result.count} added to {poName}
        {notInFull.length > 0 && `; ${notInFull.length} not added in full:`}
      </p>
      {notInFull.length > 0 && (
        <ul className="grid gap-2">
          {notInFull.map((line) => (
            <li key={line.productId} className="grid gap-0.5 sm:grid-cols-[auto_1fr] sm:gap-x-3">
              <span className="flex items-center gap-2">
                <Badge variant={line.status === 'capped' ? 'warning' : 'destructive'}>{line.status === 'capped' ? 'Capped' : 'Not added'}</Badge>
                <span className="nums font-medium">{line.productId}</span>
              </span>
              <span className="min-w-0 break-words">
                {line.name ?? 'Unknown SKU'}: {line.reason}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

import { FileUp, TriangleAlert } from 'lucide-react';
import { useRef, useState } from 'react';
import { describePriceListCounts, PRICE_CHANGE_FLAG_PERCENT, type PriceListFilePreviewList, type PriceListUploadPreview } from '@common/contracts/price-lists';
import { describeSchemaError, type SchemaError } from '@common/contracts/stock';
import { formatPrice } from '@common/domain/money';
import { Count, PreviewProblems, Section } from '@client/components/upload-preview-parts';
import { Alert, AlertDescription, AlertTitle } from '@client/components/ui/alert';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@client/components/ui/dialog';
import { toast } from '@client/components/ui/use-toast';
import { errorMessage, isApiError } from '@client/lib/api-client';
import { useCancelPriceListFile, useConfirmPriceListFile, usePreviewPriceListFile } from '../api/price-lists';

function formatPercent(percent: number | null): string {
  if (percent === null) return 'from 0';
  return `${percent > 0 ? '+' : ''}${percent.toFixed(1)}%`;
}

/** The refused file's rows, "Row 3 (SKU 1001): ...", from the 400's body. */
function refusedLines(error: unknown): string[] {
  if (!isApiError(error) || !error.body || typeof error.body !== 'object' || !('schemaErrors' in error.body)) return [];
  const body = error.body as { schemaErrors: SchemaError[]; moreIssues?: number };
  const lines = body.schemaErrors.map(describeSchemaError);
  if (body.moreIssues) lines.push(`…and ${body.moreIssues} more`);
  return lines;
}

/**
 * "Upload Price List File": a CSV or xlsx with list,sku,price,min_quantity, previewed per list
 * (added, changed with the % change, over 20% flagged, removed) before Confirm writes the rows
 * that differ (docs/decisions/0231).
 */
export function PriceFileUpload() {
  const input = useRef<HTMLInputElement>(null);
  const preview = usePreviewPriceListFile();
  const confirm = useConfirmPriceListFile();
  const cancel = useCancelPriceListFile();
  const [shown, setShown] = useState<PriceListUploadPreview | null>(null);
  const [problems, setProblems] = useState<{ title: string; lines: string[] } | null>(null);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setProblems(null);
    try {
      setShown(await preview.mutateAsync({ file }));
    } catch (error) {
      setProblems({ title: errorMessage(error, 'The file could not be read'), lines: refusedLines(error) });
    } finally {
      if (input.current) input.current.value = '';
    }
  };

  const close = () => {
    if (shown && !confirm.isSuccess) cancel.mutate(shown.uploadId);
    setShown(null);
    confirm.reset();
  };

  const apply = () => {
    if (!shown) return;
    confirm.mutate(shown.uploadId, {
      onSuccess: (result) => {
        toast({ title: 'Price lists updated', description: describePriceListCounts(result.counts), variant: 'success' });
        setShown(null);
        confirm.reset();
      },
    });
  };

  return (
    <>
      <input
        ref={input}
        type="file"
        accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        className="sr-only"
        aria-label="Price list file"
        tabIndex={-1}
        onChange={(event) => void choose(event.target.files?.[0])}
      />
      <Button variant="outline" onClick={() => input.current?.click()} loading={preview.isPending} loadingText="Reading...">
        <FileUp aria-hidden />
        Upload Price List File
      </Button>
      <Dialog open={problems !== null} onOpenChange={(open) => !open && setProblems(null)}>
        <DialogContent className="max-h-[90dvh] max-w-2xl overflow-y-auto">
          <DialogHeader>
            <DialogTitle>The file was not imported</DialogTitle>
            <DialogDescription>{problems?.title}. Fix what is named below and upload the file again.</DialogDescription>
          </DialogHeader>
          {problems && problems.lines.length > 0 && (
            <Alert variant="destructive">
              <TriangleAlert aria-hidden />
              <AlertTitle>Problems in the file</AlertTitle>
              <AlertDescription>
                <ul className="nums mt-1 grid max-h-64 gap-0.5 overflow-y-auto text-sm" aria-label="Problems in the file" tabIndex={0}>
                  {problems.lines.map((line, i) => (
                    <li key={i}>{line}</li>
                  ))}
                </ul>
              </AlertDescription>
            </Alert>
          )}
          <DialogFooter>
            <Button onClick={() => setProblems(null)}>Close</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      <Dialog open={shown !== null} onOpenChange={(open) => !open && close()}>
        <DialogContent className="max-h-[90dvh] max-w-3xl overflow-y-auto">
          <DialogHeader>
            <DialogTitle>Preview: {shown?.filename}</DialogTitle>
            <DialogDescription>Nothing has changed yet. Confirm writes only the entries below; Cancel changes nothing.</DialogDescription>
          </DialogHeader>
          {shown && (
            <div className="grid gap-4">
              {shown.counts.flagged > 0 && (
                <Alert variant="warning">
                  <TriangleAlert aria-hidden />
                  <AlertTitle>
                    {shown.counts.flagged} {shown.counts.flagged === 1 ? 'price changes' : 'prices change'} by more than {PRICE_CHANGE_FLAG_PERCENT}%
                  </AlertTitle>
                  <AlertDescription>They are listed first and marked; check them before you confirm.</AlertDescription>
                </Alert>
              )}
              {shown.lists.map((list) => (
                <ListPreview key={list.code} list={list} />
              ))}
              <PreviewProblems lines={confirm.isError ? [errorMessage(confirm.error, 'Nothing was changed')] : []} />
            </div>
          )}
          <DialogFooter>
            <Button variant="outline" onClick={close} disabled={confirm.isPending}>
              Cancel
            </Button>
            <Button onClick={apply} loading={confirm.isPending} loadingText="Applying...">
              Confirm
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}

function ListPreview({ list }: { list: PriceListFilePreviewList }) {
  const c = list.counts;
  const name = (sku: number, productName: string | null) => `${sku}${productName ? ` ${productName}` : ''}`;
  const from = (min: number) => (min > 1 ? ` (${min}+)` : '');
  return (
    <section className="grid gap-3 rounded-card border border-border p-3" aria-label={`List ${list.code}`}>
      <h3 className="font-semibold">
        {list.code} <span className="font-normal text-muted-foreground">{list.name}</span>
      </h3>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <Count label="Added" value={c.added} />
        <Count label="Changed" value={c.changed} />
        <Count label="Removed" value={c.removed} />
        <Count label="Unchanged" value={c.unchanged} />
      </dl>
      {list.changed.length > 0 && (
        <Section title={`Changed (${c.changed})`} unlisted={c.changed - list.changed.length}>
          {list.changed.map((e) => (
            <li key={`${e.sku}-${e.minQuantity}`} className="flex flex-wrap items-baseline gap-x-2 py-0.5">
              <span className="min-w-0 break-words">
                {name(e.sku, e.name)}
                {from(e.minQuantity)}
              </span>
              <span className="nums">
                {formatPrice(e.before)} → {formatPrice(e.after)}
              </span>
              <Badge variant={e.flagged ? 'warning' : 'outline'}>
                {formatPercent(e.percent)}
                {e.flagged ? ' · over 20%' : ''}
              </Badge>
            </li>
          ))}
        </Section>
      )}
      {list.added.length > 0 && (
        <Section title={`Added (${c.added})`} unlisted={c.added - list.added.length}>
          {list.added.map((e) => (
            <li key={`${e.sku}-${e.minQuantity}`} className="py-0.5 break-words">
              {name(e.sku, e.name)}
              {from(e.minQuantity)}: {formatPrice(e.price)}
            </li>
          ))}
        </Section>
      )}
      {list.removed.length > 0 && (
        <Section title={`Removed (${c.removed})`} unlisted={c.removed - list.removed.length}>
          {list.removed.map((e) => (
            <li key={`${e.sku}-${e.minQuantity}`} className="py-0.5 break-words">
              {name(e.sku, e.name)}
              {from(e.minQuantity)}: {formatPrice(e.price)}
            </li>
          ))}
        </Section>
      )}
    </section>
  );
}

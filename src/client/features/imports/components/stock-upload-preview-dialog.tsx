import { useState } from 'react';
import type { StockUploadResponse } from '@common/contracts/stock';
import type { StockUploadPreviewResponse } from '@common/contracts/stock-uploads';
import { formatCount } from '@common/domain/format';
import { Button } from '@client/components/ui/button';
import { Checkbox } from '@client/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@client/components/ui/dialog';
import { Label } from '@client/components/ui/label';
import { errorMessage, isApiError } from '@client/lib/api-client';
import { useCancelStockUpload } from '../api/cancel-stock-upload';
import { useConfirmStockUpload } from '../api/confirm-stock-upload';
import { stockWarningGroups, uploadFailureReport } from '../lib/upload-messages';
import { confirmLabel, Count, PreviewProblems, Section, WarningGroups, WarningsNotice } from '@client/components/upload-preview-parts';

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/**
 * ADR 0191: a stock file is shown before it changes anything: new products, changed ones
 * with each field before and after, unchanged, products not in the file (kept, or removed
 * with "Also remove"), and warnings. Confirm applies exactly this preview; Cancel (or
 * closing the dialog) changes nothing. Warnings come first, grouped, before -> after; with
 * any, the button reads "Confirm with N warnings" and Cancel is the prominent one (ADR 0211).
 */
export function StockUploadPreviewDialog({
  preview,
  onApplied,
  onClosed,
}: {
  preview: StockUploadPreviewResponse;
  onApplied: (response: StockUploadResponse) => void;
  onClosed: () => void;
}) {
  const [remove, setRemove] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const [stale, setStale] = useState(false);
  const confirm = useConfirmStockUpload();
  const cancel = useCancelStockUpload();
  const { counts } = preview;

  const close = () => {
    if (confirm.isPending) return;
    // Leaving the preview is Cancel: the upload is marked cancelled in the history.
    if (!stale) cancel.mutate(preview.uploadId);
    onClosed();
  };

  const apply = () =>
    confirm.mutate(
      { id: preview.uploadId, mode: remove ? 'replace' : 'keep' },
      {
        onSuccess: onApplied,
        onError: (error) => {
          if (isApiError(error) && error.status === 409) setStale(true);
          const report = uploadFailureReport(error);
          setProblems(report ? report.lines : [errorMessage(error, 'Please try again.')]);
        },
      },
    );

  const warningGroups = stockWarningGroups(preview);
  const confirmButton = confirmLabel(counts.warnings);

  return (
    <Dialog open onOpenChange={(open) => !open && close()}>
      <DialogContent className="max-h-[90dvh] max-w-2xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Check the stock file before it is applied</DialogTitle>
          <DialogDescription>
            {preview.filename}: {plural(counts.rows, 'row', 'rows')}. Nothing has changed yet.
          </DialogDescription>
        </DialogHeader>

        <WarningsNotice total={counts.warnings} />
        <dl className="nums grid grid-cols-2 gap-2 sm:grid-cols-5" aria-label="Summary">
          <Count label="New" value={counts.created} />
          <Count label="Changed" value={counts.updated} />
          <Count label="Unchanged" value={counts.unchanged} />
          <Count label="Not in file" value={counts.missing} />
          <Count label="Warnings" value={counts.warnings} />
        </dl>

        <WarningGroups groups={warningGroups} unlisted={preview.moreWarnings + preview.moreFieldWarnings} />
        {preview.changed.length > 0 && (
          <Section title={`Changed (${formatCount(counts.updated)})`} unlisted={counts.updated - preview.changed.length}>
            {preview.changed.map((p) => (
              <li key={p.id} className="grid gap-0.5 py-1">
                <span className="font-medium">
                  <span className="text-muted-foreground">{p.id}</span> {p.name}
                </span>
                {p.changes.map((c) => (
                  <span key={c.field} className="text-sm break-words">
                    {c.field}: <del className="text-muted-foreground">{c.before ?? 'empty'}</del> → <ins className="no-underline font-medium">{c.after ?? 'empty'}</ins>
                  </span>
                ))}
              </li>
            ))}
          </Section>
        )}
        {preview.created.length > 0 && (
          <Section title={`New (${formatCount(counts.created)})`} unlisted={counts.created - preview.created.length}>
            {preview.created.map((p) => (
              <li key={p.id} className="py-0.5">
                <span className="text-muted-foreground">{p.id}</span> {p.name}
              </li>
            ))}
          </Section>
        )}
        {counts.missing > 0 && (
          <Section title={`Not in the file (${formatCount(counts.missing)})`} unlisted={counts.missing - preview.missing.length}>
            {preview.missing.map((p) => (
              <li key={p.id} className="py-0.5">
                <span className="text-muted-foreground">{p.id}</span> {p.name}
              </li>
            ))}
          </Section>
        )}
        {counts.missing > 0 && (
          <div className="grid gap-1">
            <div className="flex items-start gap-3">
              <Checkbox id="remove-missing" checked={remove} onCheckedChange={(v) => setRemove(v === true)} className="mt-0.5" />
              <Label htmlFor="remove-missing" className="leading-snug">
                Also remove the {plural(counts.missing, 'product', 'products')} not in the file
              </Label>
            </div>
            <p className="pl-7 text-sm text-muted-foreground">
              {preview.cartLines === 0
                ? 'No open cart holds them.'
                : `${plural(preview.cartLines, 'cart line', 'cart lines')} in ${plural(preview.carts, 'open cart', 'open carts')} hold them and would be taken out.`}{' '}
              Orders keep their lines. Unticked, they stay as they are.
            </p>
          </div>
        )}
        <PreviewProblems lines={problems} />

        <DialogFooter>
          {/* With warnings, Cancel is the prominent choice and Confirm says how many it applies (docs/decisions/0211). */}
          <Button variant={confirmButton.variant === 'outline' && !stale ? 'default' : 'outline'} onClick={close} disabled={confirm.isPending}>
            {stale ? 'Close' : 'Cancel'}
          </Button>
          {!stale && (
            <Button variant={remove ? 'destructive' : confirmButton.variant} onClick={apply} loading={confirm.isPending} loadingText="Applying…">
              {remove ? `Confirm and remove ${plural(counts.missing, 'product', 'products')}` : confirmButton.text}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

import { useState } from 'react';
import {
  MERCHANDISE_FIELD_LABELS,
  type MerchandiseFieldChange,
  type MerchandisePreviewResponse,
  type MerchandiseUploadResponse,
} from '@common/contracts/merchandise';
import { formatCount } from '@common/domain/format';
import { Alert, AlertTitle } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@client/components/ui/dialog';
import { errorMessage, isApiError } from '@client/lib/api-client';
import { Count, Section } from '@client/components/upload-preview-parts';
import { useCancelMerchandiseUpload } from '../api/cancel-merchandise-upload';
import { useConfirmMerchandiseUpload } from '../api/confirm-merchandise-upload';

const TYPE_LABELS = { display: 'Display', label: 'Label', pricelist: 'Price list', handboard: 'Handboard' } as const;

const shown = (value: string | null) => (value === null || value === '' ? 'empty' : `"${value}"`);
const changeText = (c: MerchandiseFieldChange) =>
  c.field === 'price' ? `Price ${c.before} → ${c.after}` : `${MERCHANDISE_FIELD_LABELS[c.field]} ${shown(c.before)} → ${shown(c.after)}`;

/**
 * The merchandise workbook shown before it changes anything (docs/decisions/0214, as the stock and
 * lots files): what is added, what changes with each field before -> after, what the workbook leaves
 * out (kept) and the blanks that clear a value. Confirm applies exactly this; Cancel (or closing the
 * dialog) changes nothing.
 */
export function MerchandisePreviewDialog({
  preview,
  onApplied,
  onClosed,
}: {
  preview: MerchandisePreviewResponse;
  onApplied: (response: MerchandiseUploadResponse) => void;
  onClosed: () => void;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const confirm = useConfirmMerchandiseUpload();
  const cancel = useCancelMerchandiseUpload();
  const { counts } = preview;

  const close = () => {
    if (confirm.isPending) return;
    if (!stale) cancel.mutate(preview.uploadId);
    onClosed();
  };

  const apply = () =>
    confirm.mutate(preview.uploadId, {
      onSuccess: onApplied,
      onError: (error) => {
        if (isApiError(error) && error.status === 409) setStale(true);
        setProblem(errorMessage(error, 'Please try again.'));
      },
    });

  const nothing = counts.added + counts.changed === 0;
  return (
    <Dialog open onOpenChange={(open) => !open && close()}>
      <DialogContent className="max-h-[90dvh] max-w-2xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Check the merchandise workbook before it is applied</DialogTitle>
          <DialogDescription>
            {preview.filename}: {formatCount(counts.rows)} {counts.rows === 1 ? 'row' : 'rows'}. Items not in the workbook are kept as they are. Nothing has changed yet.
          </DialogDescription>
        </DialogHeader>

        <dl className="nums grid grid-cols-2 gap-2 sm:grid-cols-3" aria-label="Summary">
          <Count label="Added" value={counts.added} />
          <Count label="Changed" value={counts.changed} />
          <Count label="Unchanged" value={counts.unchanged} />
          <Count label="Not in the workbook (kept)" value={counts.notInFile} />
          <Count label="Warnings" value={counts.warnings} />
        </dl>

        {counts.warnings > 0 && (
          <Section title={`Warnings (${formatCount(counts.warnings)}): blank cells that clear a value`} unlisted={counts.warnings - preview.warnings.length}>
            {preview.warnings.map((w) => (
              <li key={`${w.sheet}-${w.row}-${w.message}`} className="py-0.5 break-words">
                {w.sheet} row {w.row} ({w.code}): {w.message}
              </li>
            ))}
          </Section>
        )}
        {preview.added.length > 0 && (
          <Section title={`Added (${formatCount(counts.added)})`} unlisted={counts.added - preview.added.length}>
            {preview.added.map((item) => (
              <li key={`${item.type}-${item.code}`} className="py-0.5 break-words">
                <span className="text-muted-foreground">{TYPE_LABELS[item.type]}</span> {item.code}: {item.name}
              </li>
            ))}
          </Section>
        )}
        {preview.changed.length > 0 && (
          <Section title={`Changed (${formatCount(counts.changed)})`} unlisted={counts.changed - preview.changed.length}>
            {preview.changed.map((item) => (
              <li key={`${item.type}-${item.code}`} className="grid gap-0.5 py-1">
                <span className="font-medium break-words">
                  <span className="text-muted-foreground">{TYPE_LABELS[item.type]}</span> {item.code}: {item.name}
                </span>
                {item.changes.map((c) => (
                  <span key={c.field} className="break-words">
                    {changeText(c)}
                  </span>
                ))}
              </li>
            ))}
          </Section>
        )}
        {preview.notInFile.length > 0 && (
          <Section title={`Not in the workbook, kept (${formatCount(counts.notInFile)})`} unlisted={counts.notInFile - preview.notInFile.length}>
            {preview.notInFile.map((item) => (
              <li key={`${item.type}-${item.code}`} className="py-0.5 break-words text-muted-foreground">
                {TYPE_LABELS[item.type]} {item.code}: {item.name}
              </li>
            ))}
          </Section>
        )}
        {nothing && <p className="text-sm text-muted-foreground">The workbook matches the merchandise already loaded.</p>}
        {problem && (
          <Alert variant="destructive">
            <AlertTitle>Nothing was changed</AlertTitle>
            <p className="mt-1 text-sm">{problem}</p>
          </Alert>
        )}

        <DialogFooter>
          <Button variant="outline" onClick={close} disabled={confirm.isPending}>
            {stale ? 'Close' : 'Cancel'}
          </Button>
          {!stale && (
            <Button onClick={apply} loading={confirm.isPending} loadingText="Applying…">
              {counts.warnings > 0 ? `Confirm with ${formatCount(counts.warnings)} ${counts.warnings === 1 ? 'warning' : 'warnings'}` : 'Confirm'}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

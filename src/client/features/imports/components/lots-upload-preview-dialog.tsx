import { useState } from 'react';
import type { IncomingView, LotsApplyResponse, LotView } from '@common/contracts/lots';
import type { LotsFilePreview } from '@common/contracts/lots-uploads';
import { formatCount } from '@common/domain/format';
import { INCOMING_STAGE_LABELS } from '@common/domain/lots';
import { QUOTE_MESSAGES } from '@common/domain/quotes';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@client/components/ui/dialog';
import { errorMessage, isApiError } from '@client/lib/api-client';
import { useCancelStockUpload } from '../api/cancel-stock-upload';
import { useConfirmLotsUpload } from '../api/confirm-lots-upload';
import { fileWarningLines, uploadFailureReport } from '../lib/upload-messages';
import { confirmLabel, Count, PreviewProblems, Section, WarningGroups, WarningsNotice } from '@client/components/upload-preview-parts';

const boxes = (n: number) => `${formatCount(n)} ${n === 1 ? 'box' : 'boxes'}`;
/** A level or a count as people read it ("2,382"); a word level (Special Order) as it is. */
const figure = (value: unknown) => (typeof value === 'number' ? formatCount(value) : typeof value === 'string' && /^\d+$/.test(value) ? formatCount(Number(value)) : String(value ?? 'empty'));

/** "L2406A · shade S3 · caliber C2 · Main: 42 boxes" */
function lotText(l: LotView): string {
  return [l.lot, l.shade && `shade ${l.shade}`, l.caliber && `caliber ${l.caliber}`, l.warehouse].filter(Boolean).join(' · ') + `: ${boxes(l.quantity)}`;
}

/** "CONT-88 · 120 boxes · ETA 2026-12-14 · on vessel" (the date as the file gives it). */
function loadText(i: IncomingView): string {
  const name = i.reference ?? (i.lot ? `lot ${i.lot}` : null);
  return [name, boxes(i.quantity), `ETA ${i.eta}`, INCOMING_STAGE_LABELS[i.stage]].filter(Boolean).join(' · ');
}

/** What moved between two versions of one lot or load: "boxes 55 → 60", "shade S3 → S4". */
function changeText(before: Record<string, unknown>, after: Record<string, unknown>, fields: readonly string[]): string {
  return fields
    .filter((f) => before[f] !== after[f])
    .map((f) => {
      if (f === 'quantity') return `boxes ${figure(before[f])} → ${figure(after[f])}`;
      if (f === 'stage') return `${stageLabel(before[f])} → ${stageLabel(after[f])}`;
      return `${f === 'eta' ? 'ETA' : f} ${String(before[f] ?? 'empty')} → ${String(after[f] ?? 'empty')}`;
    })
    .join(', ');
}

const stageLabel = (stage: unknown) => INCOMING_STAGE_LABELS[stage as IncomingView['stage']] ?? String(stage);

const LOT_FIELDS = ['quantity', 'shade', 'caliber', 'warehouse'] as const;
const LOAD_FIELDS = ['quantity', 'eta', 'stage', 'lot', 'reference'] as const;

interface SkuLines {
  sku: number;
  name: string;
  lines: { text: string; removed: boolean }[];
}

/** Each listed SKU with a difference, as sentences: changes first, then additions and removals. */
function linesOf(preview: LotsFilePreview): SkuLines[] {
  if (preview.kind === 'lots') {
    return preview.skus.map((s) => ({
      sku: s.sku,
      name: s.name,
      lines: [
        ...s.changed.map((c) => ({ text: `Changed ${c.after.lot}: ${changeText(c.before, c.after, LOT_FIELDS)}`, removed: false })),
        ...s.added.map((l) => ({ text: `Added ${lotText(l)}`, removed: false })),
        ...s.removed.map((l) => ({ text: `Removed ${lotText(l)}`, removed: true })),
      ],
    }));
  }
  return preview.skus.map((s) => ({
    sku: s.sku,
    name: s.name,
    lines: [
      ...s.changed.map((c) => ({ text: `Changed ${c.after.reference ?? (c.after.lot ? `lot ${c.after.lot}` : 'load')}: ${changeText(c.before, c.after, LOAD_FIELDS)}`, removed: false })),
      ...s.added.map((l) => ({ text: `Added ${loadText(l)}`, removed: false })),
      ...s.removed.map((l) => ({ text: `Removed ${loadText(l)}`, removed: true })),
    ],
  }));
}

function SkuChanges({ preview }: { preview: LotsFilePreview }) {
  if (preview.skus.length === 0) return null;
  return (
    <Section title={`SKUs whose ${preview.kind === 'lots' ? 'lots' : 'loads'} change (${formatCount(preview.skusChanged)})`} unlisted={preview.skusChanged - preview.skus.length}>
      {linesOf(preview).map((r) => (
        <li key={r.sku} className="grid gap-0.5 py-1">
          <span className="font-medium break-words">
            <span className="text-muted-foreground">{r.sku}</span> {r.name}
          </span>
          {r.lines.map((line, i) => (
            <span key={i} className={line.removed ? 'break-words text-muted-foreground' : 'break-words'}>
              {line.text}
            </span>
          ))}
        </li>
      ))}
    </Section>
  );
}

/**
 * ADR 0196: a lots or incoming file is shown before it changes anything: for each listed SKU the
 * lots (loads) added, changed (before and after) and removed, and the stock levels (quantities on
 * order) that move. Confirm applies exactly this preview; Cancel (or closing the dialog) changes nothing.
 */
export function LotsUploadPreviewDialog({
  preview,
  onApplied,
  onClosed,
}: {
  preview: LotsFilePreview;
  onApplied: (response: LotsApplyResponse, preview: LotsFilePreview) => void;
  onClosed: () => void;
}) {
  const [problems, setProblems] = useState<string[]>([]);
  const [stale, setStale] = useState(false);
  const confirm = useConfirmLotsUpload();
  const cancel = useCancelStockUpload();
  const { counts } = preview;
  const lots = preview.kind === 'lots';
  const noun = lots ? 'lots' : 'incoming';

  const close = () => {
    if (confirm.isPending) return;
    // Leaving the preview is Cancel: the upload is marked cancelled in the history.
    if (!stale) cancel.mutate(preview.uploadId);
    onClosed();
  };

  const apply = () =>
    confirm.mutate(
      { kind: preview.kind, id: preview.uploadId },
      {
        onSuccess: (response) => onApplied(response, preview),
        onError: (error) => {
          if (isApiError(error) && error.status === 409) setStale(true);
          const report = uploadFailureReport(error);
          setProblems(report ? report.lines : [errorMessage(error, 'Please try again.')]);
        },
      },
    );

  const warnings = fileWarningLines(preview.warnings);
  const heldLots = preview.kind === 'lots' ? (preview.heldLots ?? []).map(QUOTE_MESSAGES.heldLotShort) : [];
  const confirmButton = confirmLabel(counts.warnings);
  const levelLabel = lots ? 'Stock levels that change' : 'Quantities on order that change';

  return (
    <Dialog open onOpenChange={(open) => !open && close()}>
      <DialogContent className="max-h-[90dvh] max-w-2xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Check the {noun} file before it is applied</DialogTitle>
          <DialogDescription>
            {preview.filename}: {formatCount(counts.rows)} {counts.rows === 1 ? 'row' : 'rows'} for {formatCount(counts.skus)} {counts.skus === 1 ? 'SKU' : 'SKUs'}.{' '}
            {counts.skus === 1 ? 'That SKU gets' : 'Each of these SKUs gets'} exactly the file&apos;s {lots ? 'lots' : 'incoming loads'}; other SKUs keep theirs. Nothing
            has changed yet.
          </DialogDescription>
        </DialogHeader>

        <WarningsNotice total={counts.warnings} />
        <WarningGroups
          groups={[
            // Held lots the file brings below their holds, naming the quotes (docs/decisions/0236).
            ...(heldLots.length > 0 ? [{ title: 'Held lots short of their holds', lines: heldLots }] : []),
            ...(warnings.length > 0 ? [{ title: 'Warnings', lines: warnings }] : []),
          ]}
          unlisted={preview.moreWarnings}
        />
        <dl className="nums grid grid-cols-2 gap-2 sm:grid-cols-3" aria-label="Summary">
          <Count label={lots ? 'Lots added' : 'Loads added'} value={counts.added} />
          <Count label="Changed" value={counts.changed} />
          <Count label="Removed" value={counts.removed} />
          <Count label="Unchanged" value={counts.unchanged} />
          <Count label={lots ? 'Stock levels moving' : 'On order moving'} value={counts.levelsChanged} />
          <Count label="Warnings" value={counts.warnings} />
        </dl>

        {preview.levels.length > 0 && (
          <Section title={`${levelLabel} (${formatCount(counts.levelsChanged)})`} unlisted={counts.levelsChanged - preview.levels.length}>
            {preview.levels.map((l) => (
              <li key={l.sku} className="py-0.5 break-words">
                <span className="text-muted-foreground">{l.sku}</span> {l.name}: <del className="text-muted-foreground">{figure(l.before)}</del> →{' '}
                <ins className="font-medium no-underline">{figure(l.after)}</ins>
              </li>
            ))}
          </Section>
        )}
        <SkuChanges preview={preview} />
        {counts.added + counts.changed + counts.removed === 0 && (
          <p className="text-sm text-muted-foreground">The file matches the {lots ? 'lots' : 'incoming loads'} these SKUs already have.</p>
        )}
        <PreviewProblems lines={problems} />

        <DialogFooter>
          <Button variant={confirmButton.variant === 'outline' && !stale ? 'default' : 'outline'} onClick={close} disabled={confirm.isPending}>
            {stale ? 'Close' : 'Cancel'}
          </Button>
          {!stale && (
            <Button variant={confirmButton.variant} onClick={apply} loading={confirm.isPending} loadingText="Applying…">
              {confirmButton.text}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

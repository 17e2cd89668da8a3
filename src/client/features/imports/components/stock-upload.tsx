import { ChevronDown, Download, History, Layers, Truck, Upload } from 'lucide-react';
import { Suspense, lazy, useRef, useState, type RefObject } from 'react';
import { STOCK_UPLOAD_SUCCESS, type StockUploadResponse } from '@common/contracts/stock';
import type { LotsApplyResponse } from '@common/contracts/lots';
import type { LotsFilePreview } from '@common/contracts/lots-uploads';
import type { StockUploadPreviewResponse } from '@common/contracts/stock-uploads';
import { formatCount } from '@common/domain/format';
import { Button } from '@client/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@client/components/ui/dropdown-menu';
import { TOAST_DURATION, dismissToast, toast } from '@client/components/ui/use-toast';
import { errorMessage } from '@client/lib/api-client';
import { usePreviewLotsUpload, type LotsFileKind } from '../api/preview-lots-upload';
import { usePreviewStockUpload } from '../api/preview-stock-upload';
import { describeUploadCounts, uploadFailureReport, uploadWarningReport, type UploadReport } from '../lib/upload-messages';

// Radix Dialog and the preview load when an admin first uploads or opens the history:
// everyone else on /stock never needs them.
const StockUploadPreviewDialog = lazy(() => import('./stock-upload-preview-dialog').then((m) => ({ default: m.StockUploadPreviewDialog })));
const LotsUploadPreviewDialog = lazy(() => import('./lots-upload-preview-dialog').then((m) => ({ default: m.LotsUploadPreviewDialog })));
const StockUploadHistoryDialog = lazy(() => import('./stock-upload-history-dialog').then((m) => ({ default: m.StockUploadHistoryDialog })));

/** Lines a toast can hold; the panel under the header lists them all. */
const TOAST_LINES = 6;

function ReportLines({ intro, report }: { intro: string; report: UploadReport }) {
  const shown = report.lines.slice(0, TOAST_LINES);
  const hidden = report.lines.length - shown.length + report.more;
  return (
    <div className="grid gap-1">
      <span>{intro}</span>
      <ul className="nums grid gap-0.5">
        {shown.map((line, index) => (
          <li key={index}>{line}</li>
        ))}
      </ul>
      {hidden > 0 && <span>…and {hidden} more (listed on the page).</span>}
    </div>
  );
}

/** The lots and incoming files take a workbook too (ADR 0186). */
const SHEET_ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** "Lots have been updated. 2 SKUs: 2 lots added, 1 changed, 1 removed." */
function describeLotsApplied(response: LotsApplyResponse, preview: LotsFilePreview): string {
  const c = preview.counts;
  const what = preview.kind === 'lots' ? 'lot' : 'load';
  const skus = `${formatCount(response.skus)} ${response.skus === 1 ? 'SKU' : 'SKUs'}`;
  return `${response.message}. ${skus}: ${formatCount(c.added)} ${c.added === 1 ? what : `${what}s`} added, ${formatCount(c.changed)} changed, ${formatCount(c.removed)} removed.`;
}

export interface UploadOutcome {
  kind: 'failed' | 'warnings';
  report: UploadReport;
}

/**
 * The upload buttons of the stock screen (only with edit_stock): the stock CSV, and the
 * lots and incoming files (ADR 0196), each previewed before Confirm; the upload history of all
 * three; with download_template, the templates. Progress while uploading; the spec toasts for
 * success, warnings and Upload Failed.
 */
export function StockUploadActions({
  canUpload,
  canDownloadTemplate,
  onOutcome,
  onProgress,
  historyOpenAtStart = false,
}: {
  canUpload: boolean;
  canDownloadTemplate: boolean;
  /** /admin/uploads?show=history opens the history at once (a deep link, docs/decisions/0214). */
  historyOpenAtStart?: boolean;
  onOutcome: (outcome: UploadOutcome | null) => void;
  onProgress: (state: { fileName: string; fraction: number } | null) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const lotsInput = useRef<HTMLInputElement>(null);
  const incomingInput = useRef<HTMLInputElement>(null);
  const previewCall = usePreviewStockUpload();
  const lotsPreviewCall = usePreviewLotsUpload();
  const [busy, setBusy] = useState<'stock' | LotsFileKind | null>(null);
  const [preview, setPreview] = useState<StockUploadPreviewResponse | null>(null);
  const [lotsPreview, setLotsPreview] = useState<LotsFilePreview | null>(null);
  const [historyOpen, setHistoryOpen] = useState(historyOpenAtStart);
  const [historyOpened, setHistoryOpened] = useState(false);
  if (historyOpen && !historyOpened) setHistoryOpened(true);

  const applied = (response: StockUploadResponse) => {
    setPreview(null);
    const warnings = uploadWarningReport(response);
    // One toast at a time: with warnings, theirs is the one shown, and it says the stock was updated.
    if (warnings) {
      toast({
        title: 'Upload Completed with Warnings',
        description: <ReportLines intro={`${STOCK_UPLOAD_SUCCESS}. ${describeUploadCounts(response)}.`} report={warnings} />,
        variant: 'warning',
        duration: TOAST_DURATION.warning,
      });
      onOutcome({ kind: 'warnings', report: warnings });
    } else {
      toast({
        title: 'Stock Updated',
        description: `${STOCK_UPLOAD_SUCCESS}. ${describeUploadCounts(response)}.`,
        variant: 'success',
        duration: TOAST_DURATION.short,
      });
    }
  };

  const failed = (error: unknown) => {
    const report = uploadFailureReport(error);
    if (report) {
      toast({
        title: 'Upload Failed',
        description: <ReportLines intro="Please fix the following issues:" report={report} />,
        variant: 'destructive',
        duration: TOAST_DURATION.warning,
      });
      onOutcome({ kind: 'failed', report });
    } else {
      toast({ title: 'Upload Failed', description: errorMessage(error, 'Please try again.'), variant: 'destructive', duration: TOAST_DURATION.default });
    }
  };

  const beginFile = (kind: 'stock' | LotsFileKind, file: File) => {
    // The last file's toast (an Upload Failed lasts 10 s) never sits over this file's preview.
    dismissToast();
    setBusy(kind);
    onOutcome(null);
    onProgress({ fileName: file.name, fraction: 0 });
  };

  const settled = () => {
    setBusy(null);
    onProgress(null);
  };

  /** ADR 0191: the file is previewed first; the dialog applies it on Confirm. */
  const start = (file: File) => {
    beginFile('stock', file);
    previewCall.mutate(
      { file, onProgress: (fraction) => onProgress({ fileName: file.name, fraction }) },
      { onSuccess: setPreview, onError: failed, onSettled: settled },
    );
  };

  /** ADR 0196: a lots or incoming file, previewed the same way. */
  const startLots = (kind: LotsFileKind, file: File) => {
    beginFile(kind, file);
    lotsPreviewCall.mutate(
      { kind, file, onProgress: (fraction) => onProgress({ fileName: file.name, fraction }) },
      { onSuccess: setLotsPreview, onError: failed, onSettled: settled },
    );
  };

  const lotsApplied = (response: LotsApplyResponse, applied: LotsFilePreview) => {
    setLotsPreview(null);
    toast({
      title: applied.kind === 'lots' ? 'Lots Updated' : 'Incoming Stock Updated',
      description: describeLotsApplied(response, applied),
      variant: 'success',
      duration: TOAST_DURATION.short,
    });
  };

  const picker = (ref: RefObject<HTMLInputElement | null>, name: string, accept: string, onFile: (file: File) => void) => (
    <input
      ref={ref}
      type="file"
      name={name}
      accept={accept}
      className="sr-only"
      tabIndex={-1}
      aria-hidden
      onChange={(event) => {
        const file = event.target.files?.[0];
        event.target.value = '';
        if (file) onFile(file);
      }}
    />
  );

  return (
    <>
      {canDownloadTemplate && (
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="sm">
              <Download aria-hidden />
              <span className="max-sm:sr-only">Templates</span>
              <ChevronDown aria-hidden />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem asChild>
              <a href="/api/stock/template" download>
                Stock CSV template
              </a>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <a href="/api/stock/lots/template" download>
                Lots template (CSV)
              </a>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <a href="/api/stock/incoming/template" download>
                Incoming template (CSV)
              </a>
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      )}
      {canUpload && (
        <>
          {picker(input, 'stock-file', '.csv,text/csv', start)}
          {picker(lotsInput, 'lots-file', SHEET_ACCEPT, (file) => startLots('lots', file))}
          {picker(incomingInput, 'incoming-file', SHEET_ACCEPT, (file) => startLots('incoming', file))}
          <Button size="sm" onClick={() => input.current?.click()} disabled={busy !== null && busy !== 'stock'} loading={busy === 'stock'} loadingText="Checking…">
            <Upload aria-hidden />
            {/* One span: the button's gap would otherwise widen the space between the words. */}
            <span>
              Upload<span className="max-sm:sr-only"> CSV</span>
            </span>
          </Button>
          {/* The lots and incoming files, CSV or xlsx, previewed like the stock file (ADR 0196). */}
          <Button
            variant="outline"
            size="sm"
            onClick={() => lotsInput.current?.click()}
            disabled={busy !== null && busy !== 'lots'}
            loading={busy === 'lots'}
            loadingText="Checking…"
          >
            <Layers aria-hidden />
            <span className="max-sm:capitalize">
              <span className="max-sm:sr-only">Upload </span>lots
            </span>
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={() => incomingInput.current?.click()}
            disabled={busy !== null && busy !== 'incoming'}
            loading={busy === 'incoming'}
            loadingText="Checking…"
          >
            <Truck aria-hidden />
            <span className="max-sm:capitalize">
              <span className="max-sm:sr-only">Upload </span>incoming
            </span>
          </Button>
          <Button variant="outline" size="sm" onClick={() => setHistoryOpen(true)}>
            <History aria-hidden />
            <span className="max-sm:sr-only">Upload history</span>
          </Button>
          {/* Mounted from the first open on, so closing animates and reopening is instant. */}
          {(historyOpen || historyOpened) && (
            <Suspense fallback={null}>
              <StockUploadHistoryDialog open={historyOpen} onOpenChange={setHistoryOpen} />
            </Suspense>
          )}
          {preview && (
            <Suspense fallback={null}>
              <StockUploadPreviewDialog key={preview.uploadId} preview={preview} onApplied={applied} onClosed={() => setPreview(null)} />
            </Suspense>
          )}
          {lotsPreview && (
            <Suspense fallback={null}>
              <LotsUploadPreviewDialog key={lotsPreview.uploadId} preview={lotsPreview} onApplied={lotsApplied} onClosed={() => setLotsPreview(null)} />
            </Suspense>
          )}
        </>
      )}
    </>
  );
}

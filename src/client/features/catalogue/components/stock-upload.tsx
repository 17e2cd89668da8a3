import { Download, History, Upload } from 'lucide-react';
import { Suspense, lazy, useRef, useState } from 'react';
import { STOCK_UPLOAD_SUCCESS, type StockUploadResponse } from '@common/contracts/stock';
import type { StockUploadPreviewResponse } from '@common/contracts/stock-uploads';
import { Button } from '@client/components/ui/button';
import { TOAST_DURATION, toast } from '@client/components/ui/use-toast';
import { errorMessage } from '@client/lib/api-client';
import { usePreviewStockUpload } from '../api/preview-stock-upload';
import { describeUploadCounts, uploadFailureReport, uploadWarningReport, type UploadReport } from '../lib/upload-messages';

// Radix Dialog and the preview load when an admin first uploads or opens the history (issue 15):
// everyone else on /stock never needs them.
const StockUploadPreviewDialog = lazy(() => import('./stock-upload-preview-dialog').then((m) => ({ default: m.StockUploadPreviewDialog })));
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

export interface UploadOutcome {
  kind: 'failed' | 'warnings';
  report: UploadReport;
}

/**
 * The CSV upload button of the stock screen (spec §2, only with edit_stock) and,
 * with download_template, the template link. Progress while uploading; the spec §8
 * toasts for success, warnings and Upload Failed.
 */
export function StockUploadActions({
  canUpload,
  canDownloadTemplate,
  onOutcome,
  onProgress,
}: {
  canUpload: boolean;
  canDownloadTemplate: boolean;
  onOutcome: (outcome: UploadOutcome | null) => void;
  onProgress: (state: { fileName: string; fraction: number } | null) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const previewCall = usePreviewStockUpload();
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<StockUploadPreviewResponse | null>(null);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [historyOpened, setHistoryOpened] = useState(false);
  if (historyOpen && !historyOpened) setHistoryOpened(true);

  const applied = (response: StockUploadResponse) => {
    setPreview(null);
    const warnings = uploadWarningReport(response);
    // One toast at a time (spec §9): with warnings, theirs is the one shown, and it says the stock was updated.
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

  /** ADR 0191: the file is previewed first; the dialog applies it on Confirm. */
  const start = (file: File) => {
    setBusy(true);
    onOutcome(null);
    onProgress({ fileName: file.name, fraction: 0 });
    previewCall.mutate(
      { file, onProgress: (fraction) => onProgress({ fileName: file.name, fraction }) },
      {
        onSuccess: setPreview,
        onError: (error) => {
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
        },
        onSettled: () => {
          setBusy(false);
          onProgress(null);
        },
      },
    );
  };

  return (
    <>
      {canDownloadTemplate && (
        <Button variant="ghost" size="sm" asChild>
          <a href="/api/stock/template" download aria-label="Download the stock CSV template">
            <Download aria-hidden />
            <span className="max-sm:sr-only">Template</span>
          </a>
        </Button>
      )}
      {canUpload && (
        <>
          <input
            ref={input}
            type="file"
            accept=".csv,text/csv"
            className="sr-only"
            tabIndex={-1}
            aria-hidden
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) start(file);
            }}
          />
          <Button size="sm" onClick={() => input.current?.click()} loading={busy} loadingText="Checking…">
            <Upload aria-hidden />
            Upload<span className="max-sm:sr-only"> CSV</span>
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
        </>
      )}
    </>
  );
}

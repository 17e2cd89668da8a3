import { useState } from 'react';
import { STOCK_UPLOAD_SUCCESS, type StockReplacePreviewResponse } from '@common/contracts/stock';
import { Alert, AlertTitle } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@client/components/ui/dialog';
import { Label } from '@client/components/ui/label';
import { TOAST_DURATION, toast } from '@client/components/ui/use-toast';
import { errorMessage, isApiError } from '@client/lib/api-client';
import { usePreviewStockReplace, useUploadStock } from '../api/upload-stock';
import { describeUploadCounts, uploadFailureReport } from '../lib/upload-messages';
import { formatCount } from '@common/domain/format';

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/**
 * "Remove products that are not in the file" (docs/decisions/0130): the file is
 * previewed first (count and list of the products to remove, and the open cart lines
 * that hold them); the confirmed upload sends the preview's token, so the server
 * removes exactly those products or refuses.
 */
export function ReplaceStockDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Remove products that are not in the file</DialogTitle>
          <DialogDescription>
            Upload the full stock file. Products missing from it are removed from the catalogue and from open carts; orders keep their
            lines. You see what would be removed before anything changes.
          </DialogDescription>
        </DialogHeader>
        {open && <ReplaceSteps onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function ReplaceSteps({ onDone }: { onDone: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<StockReplacePreviewResponse | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const previewCall = usePreviewStockReplace();
  const upload = useUploadStock();

  const choose = (chosen: File | undefined) => {
    setFile(chosen ?? null);
    setPreview(null);
    setProblems([]);
  };

  const showFailure = (error: unknown) => {
    const report = uploadFailureReport(error);
    setProblems(report ? [...report.lines, ...(report.more > 0 ? [`…and ${report.more} more`] : [])] : [errorMessage(error, 'Please try again.')]);
  };

  const runPreview = () => {
    if (!file) return;
    setProblems([]);
    previewCall.mutate(file, { onSuccess: setPreview, onError: showFailure });
  };

  const confirm = () => {
    if (!file || !preview) return;
    upload.mutate(
      { file, removalToken: preview.removalToken },
      {
        onSuccess: (response) => {
          toast({
            title: 'Stock Updated',
            description: `${STOCK_UPLOAD_SUCCESS}. ${describeUploadCounts(response)}.`,
            variant: 'success',
            duration: TOAST_DURATION.warning,
          });
          onDone();
        },
        onError: (error) => {
          // 409: the catalogue changed since the preview; the admin previews again.
          if (isApiError(error) && error.status === 409) setPreview(null);
          showFailure(error);
        },
      },
    );
  };

  return (
    <div className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor="replace-stock-file">Full stock file (.csv)</Label>
        <input
          id="replace-stock-file"
          type="file"
          accept=".csv,text/csv"
          className="block w-full max-w-full text-sm file:mr-3 file:min-h-11 file:rounded-md file:border file:border-input file:bg-surface file:px-3 file:font-medium"
          onChange={(event) => choose(event.target.files?.[0])}
        />
      </div>

      {problems.length > 0 && (
        <Alert variant="destructive">
          <AlertTitle>Nothing was changed</AlertTitle>
          <ul className="nums mt-1 grid gap-0.5 text-sm opacity-90" aria-label="Problems">
            {problems.map((line, index) => (
              <li key={index}>{line}</li>
            ))}
          </ul>
        </Alert>
      )}

      {preview && <PreviewSummary preview={preview} />}

      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={upload.isPending}>
          Cancel
        </Button>
        {preview ? (
          <Button variant={preview.removedCount > 0 ? 'destructive' : 'default'} onClick={confirm} loading={upload.isPending} loadingText="Uploading…">
            {preview.removedCount > 0 ? `Remove ${plural(preview.removedCount, 'product', 'products')} and upload` : 'Upload'}
          </Button>
        ) : (
          <Button onClick={runPreview} disabled={!file} loading={previewCall.isPending} loadingText="Checking…">
            Preview
          </Button>
        )}
      </DialogFooter>
    </div>
  );
}

function PreviewSummary({ preview }: { preview: StockReplacePreviewResponse }) {
  const unlisted = preview.removedCount - preview.removed.length;
  return (
    <section aria-label="Preview" className="grid gap-2" role="status">
      <p className="font-medium">
        {preview.removedCount === 0
          ? `No products would be removed. The file has ${plural(preview.rows, 'row', 'rows')}.`
          : `${plural(preview.removedCount, 'product', 'products')} would be removed (the file has ${plural(preview.rows, 'row', 'rows')}).`}
      </p>
      {preview.removedCount > 0 && (
        <>
          <ul
            aria-label="Products that would be removed"
            className="nums max-h-56 overflow-y-auto rounded-md border border-border bg-muted/40 p-2 text-sm"
            tabIndex={0}
          >
            {preview.removed.map((product) => (
              <li key={product.id} className="flex gap-2 py-0.5">
                <span className="w-16 shrink-0 text-muted-foreground">{product.id}</span>
                <span className="min-w-0 break-words">{product.name}</span>
              </li>
            ))}
            {unlisted > 0 && <li className="py-0.5 text-muted-foreground">…and {formatCount(unlisted)} more</li>}
          </ul>
          <p className="text-sm text-muted-foreground">
            {preview.cartLines === 0
              ? 'No open cart holds them.'
              : `${plural(preview.cartLines, 'cart line', 'cart lines')} in ${plural(preview.carts, 'open cart', 'open carts')} hold them and will be removed from those carts.`}{' '}
            Orders keep their lines.
          </p>
        </>
      )}
    </section>
  );
}

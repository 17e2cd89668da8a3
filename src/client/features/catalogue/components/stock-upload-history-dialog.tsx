import { Download } from 'lucide-react';
import type { StockUploadHistoryEntry } from '@common/contracts/stock-uploads';
import { formatDateTime } from '@common/domain/format-date';
import { formatCount } from '@common/domain/format';
import { STOCK_UPLOAD_STATUS_LABELS } from '@common/domain/stock-uploads';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@client/components/ui/dialog';
import { errorMessage } from '@client/lib/api-client';
import { useStockUploads } from '../api/get-stock-uploads';

/** ADR 0191: every stock upload (browser or API): who, when, what it did, and the file itself. */
export function StockUploadHistoryDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const history = useStockUploads(open);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] max-w-3xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Stock upload history</DialogTitle>
          <DialogDescription>The latest 50 uploads from this screen and from integrations, with the file each one sent.</DialogDescription>
        </DialogHeader>
        {history.isPending ? (
          <p className="text-sm text-muted-foreground">Loading upload history...</p>
        ) : history.isError ? (
          <div className="grid gap-2" role="alert">
            <p className="text-sm text-destructive">{errorMessage(history.error, 'The upload history could not be loaded.')}</p>
            <Button variant="outline" size="sm" className="justify-self-start" onClick={() => void history.refetch()} loading={history.isFetching}>
              Retry
            </Button>
          </div>
        ) : history.data.uploads.length === 0 ? (
          <p className="text-sm text-muted-foreground">No stock uploads yet. Upload a CSV to see it here.</p>
        ) : (
          <ul className="grid gap-2" aria-label="Stock uploads">
            {history.data.uploads.map((u) => (
              <HistoryItem key={u.id} upload={u} />
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}

function HistoryItem({ upload: u }: { upload: StockUploadHistoryEntry }) {
  const c = u.counts;
  const parts = [`${formatCount(c.rows)} rows`, `${formatCount(c.created)} new`, `${formatCount(c.updated)} changed`, `${formatCount(c.unchanged)} unchanged`];
  if (c.removed > 0) parts.push(`${formatCount(c.removed)} removed`);
  else if (c.missing > 0) parts.push(`${formatCount(c.missing)} not in file`);
  if (c.warnings > 0) parts.push(`${formatCount(c.warnings)} warnings`);
  return (
    <li className="grid gap-1 rounded-md border border-border p-3 text-sm sm:grid-cols-[1fr_auto] sm:items-center">
      <div className="grid min-w-0 gap-0.5">
        <span className="font-medium break-words">{u.filename}</span>
        <span className="text-muted-foreground">
          <span className="nums">{formatDateTime(u.createdAt)}</span> · {u.username} · {u.source === 'api' ? 'API' : 'Browser'} ·{' '}
          <span className={u.status === 'applied' ? 'font-medium text-foreground' : undefined}>{STOCK_UPLOAD_STATUS_LABELS[u.status]}</span>
          {u.mode === 'replace' && u.status === 'applied' ? ' (products not in the file removed)' : ''}
        </span>
        <span className="nums">{parts.join(', ')}</span>
      </div>
      <Button variant="outline" size="sm" asChild className="justify-self-start">
        <a href={`/api/stock/uploads/${u.id}/file`} download aria-label={`Download ${u.filename} (upload ${u.id})`}>
          <Download aria-hidden /> File
        </a>
      </Button>
    </li>
  );
}

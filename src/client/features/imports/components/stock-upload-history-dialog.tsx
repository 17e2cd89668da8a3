import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { describeSchemaError } from '@common/contracts/stock';
import type { StockUploadHistoryEntry } from '@common/contracts/stock-uploads';
import { formatDateTime } from '@common/domain/format-date';
import { formatCount } from '@common/domain/format';
import { describePriceListCounts } from '@common/contracts/price-lists';
import { STOCK_UPLOAD_KIND_LABELS, STOCK_UPLOAD_KINDS, STOCK_UPLOAD_STATUS_LABELS, type StockUploadKind } from '@common/domain/stock-uploads';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@client/components/ui/dialog';
import { Label } from '@client/components/ui/label';
import { NativeSelect } from '@client/components/ui/native-select';
import { errorMessage } from '@client/lib/api-client';
import { useStockUploads } from '../api/get-stock-uploads';

/**
 * ADR 0191 and ADR 0196: every stock, lots and incoming upload (browser or API): who, when, what
 * it did, and the file itself; one kind at a time when the admin picks one.
 */
export function StockUploadHistoryDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [kind, setKind] = useState<StockUploadKind | 'all'>('all');
  const history = useStockUploads(open, kind === 'all' ? undefined : kind);
  const filterId = useId();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] max-w-3xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Upload history</DialogTitle>
          <DialogDescription>The latest 50 stock, lots, incoming and users uploads from the portal and from integrations, with the file each one sent.</DialogDescription>
        </DialogHeader>
        <div className="flex flex-wrap items-center gap-2">
          <Label htmlFor={filterId}>Show</Label>
          <NativeSelect id={filterId} className="w-44" value={kind} onChange={(event) => setKind(event.target.value as StockUploadKind | 'all')}>
            <option value="all">All uploads</option>
            {STOCK_UPLOAD_KINDS.map((k) => (
              <option key={k} value={k}>
                {STOCK_UPLOAD_KIND_LABELS[k]} files
              </option>
            ))}
          </NativeSelect>
        </div>
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
          <p className="text-sm text-muted-foreground">No uploads{kind === 'all' ? '' : ' of this kind'} yet. Upload a file to see it here.</p>
        ) : (
          <ul className="grid gap-2" aria-label="Uploads">
            {history.data.uploads.map((u) => (
              <HistoryItem key={u.id} upload={u} />
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}

const count = (n: number, one: string, many = `${one}s`) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** What an upload did, in the words of its kind; a rejected file, how many problems it had (docs/decisions/0211). */
function describeCounts(u: StockUploadHistoryEntry): string {
  if (u.status === 'rejected') return `Rejected: ${count(u.problemCount, 'problem')}. Nothing was changed.`;
  if (u.kind === 'stock') {
    const c = u.counts;
    const parts = [count(c.rows, 'row'), `${formatCount(c.created)} new`, `${formatCount(c.updated)} changed`, `${formatCount(c.unchanged)} unchanged`];
    if (c.removed > 0) parts.push(`${formatCount(c.removed)} removed`);
    else if (c.missing > 0) parts.push(`${formatCount(c.missing)} not in file`);
    if (c.warnings > 0) parts.push(count(c.warnings, 'warning'));
    return parts.join(', ');
  }
  if (u.kind === 'users') {
    // A users file only creates accounts (docs/decisions/0225).
    const c = u.counts;
    const parts = [count(c.rows, 'row'), `${count(c.created, 'user')} ${u.status === 'applied' ? 'created' : 'to create'}`];
    if (c.skippedExamples > 0) parts.push(count(c.skippedExamples, 'example row') + ' skipped');
    if (c.warnings > 0) parts.push(count(c.warnings, 'warning'));
    return parts.join(', ');
  }
  // A price list file sets the entries of the lists it names (docs/decisions/0231).
  if (u.kind === 'price_list') return describePriceListCounts(u.counts);
  const c = u.counts;
  const what = u.kind === 'lots' ? 'lot' : 'load';
  const parts = [count(c.rows, 'row'), count(c.skus, 'SKU')];
  // A file an integration sent straight in was applied without a comparison: rows and SKUs only.
  if (c.added !== undefined) parts.push(`${count(c.added, what)} added`, `${formatCount(c.changed ?? 0)} changed`, `${formatCount(c.removed ?? 0)} removed`);
  if (c.levelsChanged !== undefined) parts.push(`${count(c.levelsChanged, u.kind === 'lots' ? 'stock level' : 'quantity on order', u.kind === 'lots' ? 'stock levels' : 'quantities on order')} moved`);
  if (c.warnings) parts.push(count(c.warnings, 'warning'));
  return parts.join(', ');
}

function HistoryItem({ upload: u }: { upload: StockUploadHistoryEntry }) {
  return (
    <li className="grid gap-1 rounded-md border border-border p-3 text-sm sm:grid-cols-[1fr_auto] sm:items-center">
      <div className="grid min-w-0 gap-0.5">
        <span className="font-medium break-words">
          <span className="mr-1.5 rounded-sm bg-muted px-1.5 py-0.5 text-xs font-semibold text-foreground">{STOCK_UPLOAD_KIND_LABELS[u.kind]}</span>
          {u.filename}
        </span>
        <span className="text-muted-foreground">
          <span className="nums">{formatDateTime(u.createdAt)}</span> · {u.username} · {u.source === 'api' ? 'API' : 'Browser'} ·{' '}
          <span className={u.status === 'applied' ? 'font-medium text-foreground' : undefined}>{STOCK_UPLOAD_STATUS_LABELS[u.status]}</span>
          {u.kind === 'stock' && u.mode === 'replace' && u.status === 'applied' ? ' (products not in the file removed)' : ''}
        </span>
        <span className={u.status === 'rejected' ? 'nums font-medium text-destructive' : 'nums'}>{describeCounts(u)}</span>
        {u.problems.length > 0 && <ProblemList upload={u} />}
      </div>
      {/* A rejected lots or incoming file keeps no bytes: only its checked rows would be kept, and it has none (ADR 0211). */}
      {u.size > 0 && (
        <Button variant="outline" size="sm" asChild className="justify-self-start">
          <a href={`/api/stock/uploads/${u.id}/file`} download aria-label={`Download ${u.filename} (upload ${u.id})`}>
            {/* The visible word starts the accessible name (axe label-content-name-mismatch). */}
            <Download aria-hidden /> Download
          </a>
        </Button>
      )}
    </li>
  );
}

/** A rejected file's problems, in row order, folded so the history stays a list of uploads. */
function ProblemList({ upload: u }: { upload: StockUploadHistoryEntry }) {
  const unlisted = u.problemCount - u.problems.length;
  return (
    <details className="mt-1">
      <summary className="cursor-pointer text-sm underline-offset-2 hover:underline">Show the {u.problems.length === 1 ? 'problem' : 'problems'}</summary>
      <ul className="nums mt-1 grid max-h-48 gap-0.5 overflow-y-auto rounded-md border border-border p-2 break-words" aria-label={`Problems of ${u.filename}`} tabIndex={0}>
        {u.problems.map((p, i) => (
          <li key={i}>{describeSchemaError(p)}</li>
        ))}
        {unlisted > 0 && <li className="text-muted-foreground">…and {formatCount(unlisted)} more</li>}
      </ul>
    </details>
  );
}

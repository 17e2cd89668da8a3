import { describePriceListCounts } from '@common/contracts/price-lists';
import { describeSchemaError } from '@common/contracts/stock';
import { formatDateTime } from '@common/domain/format-date';
import { STOCK_UPLOAD_STATUS_LABELS } from '@common/domain/stock-uploads';
import { Badge } from '@client/components/ui/badge';
import { Spinner } from '@client/components/ui/spinner';
import { errorMessage } from '@client/lib/api-client';
import { usePriceListUploads } from '../api/price-lists';

/** The price list files: who, when, what they did or would have done (the one upload history, docs/decisions/0220). */
export function PriceListUploadHistory() {
  const uploads = usePriceListUploads();
  return (
    <section className="grid gap-2" aria-labelledby="price-list-uploads">
      <h2 id="price-list-uploads" className="text-lg font-semibold">
        Upload history
      </h2>
      {uploads.isPending && (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner /> Loading the history...
        </p>
      )}
      {uploads.isError && <p className="text-sm text-destructive">{errorMessage(uploads.error, 'Could not load the history.')}</p>}
      {uploads.data?.length === 0 && <p className="text-sm text-muted-foreground">No price list files yet. Upload one to see it here.</p>}
      {uploads.data && uploads.data.length > 0 && (
        <ul className="grid gap-2">
          {uploads.data.map((u) => (
            <li key={u.id} className="grid gap-1 rounded-md border border-border p-3 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <span className="min-w-0 font-medium break-all">{u.filename}</span>
                <Badge variant={u.status === 'applied' ? 'success' : u.status === 'rejected' ? 'destructive' : 'outline'}>{STOCK_UPLOAD_STATUS_LABELS[u.status]}</Badge>
              </div>
              <span className="text-muted-foreground">
                {u.username} · {formatDateTime(u.createdAt)}
              </span>
              <span>
                {u.status === 'rejected'
                  ? `Rejected: ${u.problemCount} ${u.problemCount === 1 ? 'problem' : 'problems'}. Nothing was changed.`
                  : u.kind === 'price_list'
                    ? describePriceListCounts(u.counts)
                    : ''}
              </span>
              {u.status === 'rejected' && u.problems.length > 0 && (
                <ul className="grid gap-0.5 text-muted-foreground">
                  {u.problems.slice(0, 5).map((p, i) => (
                    <li key={i}>{describeSchemaError(p)}</li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

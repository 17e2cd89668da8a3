import { BellRing } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { CurrentUser } from '@common/contracts/auth';
import {
  NOTIFY_REQUEST_STATUS_LABELS,
  NOTIFY_REQUEST_STATUSES,
  type NotifyRequestStatus,
  type NotifyRequestView,
} from '@common/contracts/notify-requests';
import { formatDateTime } from '@common/domain/format-date';
import { isOneOf } from '@common/domain/one-of';
import { errorMessage } from '@client/lib/api-client';
import { LoadingState } from '@client/components/loading-state';
import { Page } from '@client/components/page-frame';
import { UnauthorizedPage } from '@client/components/unauthorized-page';
import { Alert, AlertDescription, AlertTitle } from '@client/components/ui/alert';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { NativeSelect } from '@client/components/ui/native-select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@client/components/ui/table';
import { notifyRequestsSearch, useNotifyRequests, type NotifyRequestsPageQuery } from '../api/get-notify-requests';

const PAGE_PATH = '/admin/notify-requests';

function readQuery(search: string): NotifyRequestsPageQuery {
  const params = new URLSearchParams(search);
  const status = params.get('status');
  return {
    sku: params.get('sku') ?? undefined,
    user: params.get('user') ?? undefined,
    status: isOneOf(NOTIFY_REQUEST_STATUSES, status) ? status : undefined,
    cursor: params.get('cursor') ?? undefined,
  };
}

/** /admin/notify-requests: who asked to be emailed when a SKU is back in stock (docs/decisions/0214). */
export function NotifyRequestsPage({ user }: { user: CurrentUser }) {
  if (user.activeRole !== 'admin') return <UnauthorizedPage />;
  return <NotifyRequests />;
}

function StatusBadge({ status }: { status: NotifyRequestStatus }) {
  return <Badge variant={status === 'sent' ? 'success' : 'warning'}>{NOTIFY_REQUEST_STATUS_LABELS[status]}</Badge>;
}

const who = (r: NotifyRequestView) => [r.name ?? r.username, r.company].filter(Boolean).join(' · ');

function NotifyRequests() {
  const search = useSearch();
  const [, navigate] = useLocation();
  // Filters and the page live in the URL, so Back and refresh keep them (docs/ui-rules.md, Navigation).
  const query = readQuery(search);
  const go = (next: NotifyRequestsPageQuery) => navigate(`${PAGE_PATH}${notifyRequestsSearch(next)}`);
  const requests = useNotifyRequests(query);
  const [sku, setSku] = useState(query.sku ?? '');
  const [asker, setAsker] = useState(query.user ?? '');

  const apply = (event: FormEvent) => {
    event.preventDefault();
    go({ sku: sku.trim() || undefined, user: asker.trim() || undefined, status: query.status });
  };
  const filtered = Boolean(query.sku || query.user || query.status);

  return (
    <Page
      title="Notify-me requests"
      description="Buyers and salespeople who asked to be emailed when an out-of-stock SKU is back. Each gets one email when the stock arrives; sent ones stay listed."
    >
      <form onSubmit={apply} className="grid gap-3 sm:grid-cols-[10rem_1fr_12rem_auto] sm:items-end print:hidden" aria-label="Filter requests">
        <div className="grid gap-1.5">
          <Label htmlFor="notify-sku">SKU</Label>
          <Input id="notify-sku" inputMode="numeric" value={sku} onChange={(e) => setSku(e.target.value)} placeholder="e.g. 1001" />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="notify-user">User or company</Label>
          <Input id="notify-user" value={asker} onChange={(e) => setAsker(e.target.value)} placeholder="Username, name or company" />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="notify-status">Status</Label>
          <NativeSelect
            id="notify-status"
            value={query.status ?? ''}
            onChange={(e) => go({ ...query, cursor: undefined, status: isOneOf(NOTIFY_REQUEST_STATUSES, e.target.value) ? e.target.value : undefined })}
          >
            <option value="">All requests</option>
            {NOTIFY_REQUEST_STATUSES.map((s) => (
              <option key={s} value={s}>
                {NOTIFY_REQUEST_STATUS_LABELS[s]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button type="submit">Search</Button>
      </form>

      {requests.isPending ? (
        <LoadingState>Loading requests...</LoadingState>
      ) : requests.isError ? (
        <Alert variant="destructive">
          <AlertTitle>Could not load the requests</AlertTitle>
          <AlertDescription>{errorMessage(requests.error, 'Please try again.')}</AlertDescription>
        </Alert>
      ) : requests.data.requests.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-card border border-dashed border-border px-4 py-12 text-center">
          <BellRing className="size-8 text-muted-foreground" aria-hidden />
          <p className="font-medium">{filtered ? 'No requests match' : 'No notify-me requests yet'}</p>
          <p className="text-sm text-muted-foreground">
            {filtered ? 'Clear the filters to see every request.' : 'When someone presses "Notify me" on an out-of-stock SKU, it is listed here.'}
          </p>
          {filtered && (
            <Button variant="outline" onClick={() => { setSku(''); setAsker(''); go({}); }}>
              Clear filters
            </Button>
          )}
        </div>
      ) : (
        <>
          <Table containerClassName="max-sm:hidden" aria-label="Notify-me requests">
            <TableHeader>
              <TableRow>
                <TableHead>SKU</TableHead>
                <TableHead>Product</TableHead>
                <TableHead>Asked by</TableHead>
                <TableHead>Company</TableHead>
                <TableHead>Asked</TableHead>
                <TableHead>Status</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {requests.data.requests.map((r) => (
                <TableRow key={r.id}>
                  <TableCell className="nums">{r.sku}</TableCell>
                  <TableCell>{r.productName}</TableCell>
                  <TableCell>
                    {r.name ?? r.username}
                    {r.name && <span className="block text-xs text-muted-foreground">{r.username}</span>}
                  </TableCell>
                  <TableCell>{r.company ?? '—'}</TableCell>
                  <TableCell className="nums whitespace-nowrap">{formatDateTime(r.requestedAt)}</TableCell>
                  <TableCell>
                    <StatusBadge status={r.status} />
                    {r.sentAt && <span className="nums block text-xs text-muted-foreground">{formatDateTime(r.sentAt)}</span>}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {/* Phones: one card per request (docs/ui-rules.md: stacked cards on phones). */}
          <ul className="grid gap-2 sm:hidden" aria-label="Notify-me requests">
            {requests.data.requests.map((r) => (
              <li key={r.id} className="grid gap-1 rounded-card border border-border bg-surface p-3 text-sm">
                <span className="font-medium break-words">
                  <span className="nums text-muted-foreground">{r.sku}</span> {r.productName}
                </span>
                <span className="break-words">{who(r)}</span>
                <span className="nums text-muted-foreground">Asked {formatDateTime(r.requestedAt)}</span>
                <span>
                  <StatusBadge status={r.status} />
                </span>
              </li>
            ))}
          </ul>
          {(query.cursor || requests.data.nextCursor) && (
          <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3">
            <Button variant="outline" disabled={!query.cursor} onClick={() => go({ ...query, cursor: undefined })}>
              Newest first
            </Button>
            <Button variant="outline" disabled={!requests.data.nextCursor} onClick={() => go({ ...query, cursor: requests.data.nextCursor ?? undefined })}>
              Older requests
            </Button>
          </nav>
          )}
        </>
      )}
    </Page>
  );
}

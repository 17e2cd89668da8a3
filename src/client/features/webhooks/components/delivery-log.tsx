import { RotateCw } from 'lucide-react';
import { useState } from 'react';
import type { WebhookDeliveryView } from '@common/contracts/integrations';
import { errorMessage } from '@client/lib/api-client';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@client/components/ui/table';
import { toast } from '@client/components/ui/use-toast';
import { useDeliveries, useResendDelivery } from '../api/webhooks';
import { when } from '@client/lib/when';

const STATUS: Record<WebhookDeliveryView['status'], { label: string; variant: 'success' | 'warning' | 'destructive' }> = {
  delivered: { label: 'Delivered', variant: 'success' },
  pending: { label: 'Waiting', variant: 'warning' },
  failed: { label: 'Failed', variant: 'destructive' },
};

function Outcome({ d }: { d: WebhookDeliveryView }) {
  const parts = [d.lastStatusCode ? `HTTP ${d.lastStatusCode}` : null, d.lastResponseMs !== null ? `${d.lastResponseMs} ms` : null].filter(Boolean);
  return (
    <>
      <span className="nums">{parts.join(' · ') || '—'}</span>
      {/* "HTTP 500" says nothing the status code does not; a refused or timed-out request does. */}
      {d.lastError && d.lastError !== `HTTP ${d.lastStatusCode}` && (
        <div className="max-w-64 truncate text-xs text-destructive" title={d.lastError}>
          {d.lastError}
        </div>
      )}
    </>
  );
}

/** An endpoint's deliveries, newest first: status code, attempts, last error, response time, Resend. */
export function DeliveryLog({ endpointId }: { endpointId: number }) {
  const [pages, setPages] = useState<(number | undefined)[]>([undefined]);
  const before = pages.at(-1);
  const deliveries = useDeliveries(endpointId, before);
  const resend = useResendDelivery();

  const onResend = (d: WebhookDeliveryView) =>
    resend.mutate(
      { endpointId, deliveryId: d.id },
      {
        onSuccess: () => toast({ title: 'Queued to send again', description: `Event ${d.eventId.slice(0, 8)} keeps its id, so the receiver can spot a repeat.`, variant: 'success' }),
        onError: (error) => toast({ title: 'Could not resend', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
      },
    );

  if (deliveries.isPending) {
    return (
      <div className="flex items-center gap-2 py-4 text-sm text-muted-foreground">
        <Spinner /> Loading deliveries...
      </div>
    );
  }
  if (deliveries.isError) return <p className="py-4 text-sm text-destructive">{errorMessage(deliveries.error, 'Could not load the deliveries.')}</p>;
  const rows = deliveries.data.deliveries;
  if (rows.length === 0) return <p className="py-4 text-sm text-muted-foreground">No deliveries yet. Events appear here as they happen.</p>;

  const resendButton = (d: WebhookDeliveryView) =>
    d.status !== 'pending' && (
      <Button variant="outline" size="sm" onClick={() => onResend(d)} disabled={resend.isPending} aria-label={`Resend event ${d.eventId}`}>
        <RotateCw aria-hidden />
        Resend
      </Button>
    );

  return (
    <div className="grid gap-3">
      <Table containerClassName="hidden md:block">
        <TableHeader>
          <TableRow>
            <TableHead>Event</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Answer</TableHead>
            <TableHead className="text-right">Attempts</TableHead>
            <TableHead>Created</TableHead>
            <TableHead>
              <span className="sr-only">Resend</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((d) => (
            <TableRow key={d.id}>
              <TableCell>
                <code className="font-mono text-xs">{d.eventType}</code>
                <div className="font-mono text-xs text-muted-foreground" title={d.eventId}>
                  {d.eventId.slice(0, 8)}
                </div>
              </TableCell>
              <TableCell>
                <Badge variant={STATUS[d.status].variant}>{STATUS[d.status].label}</Badge>
                {d.status === 'pending' && d.attempts > 0 && <div className="nums text-xs text-muted-foreground">next {when(d.nextAttemptAt)}</div>}
              </TableCell>
              <TableCell>
                <Outcome d={d} />
              </TableCell>
              <TableCell className="nums text-right">{d.attempts}</TableCell>
              <TableCell className="nums whitespace-nowrap">{when(d.createdAt)}</TableCell>
              <TableCell className="py-1 text-right">{resendButton(d)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <ul className="grid gap-2 md:hidden">
        {rows.map((d) => (
          <li key={d.id} className="grid gap-1 rounded-md border border-border p-3 text-sm">
            <div className="flex items-center justify-between gap-2">
              <code className="font-mono text-xs">{d.eventType}</code>
              <Badge variant={STATUS[d.status].variant}>{STATUS[d.status].label}</Badge>
            </div>
            <div className="text-muted-foreground">
              <Outcome d={d} /> · {d.attempts} attempt{d.attempts === 1 ? '' : 's'}
            </div>
            <div className="nums text-xs text-muted-foreground">{when(d.createdAt)}</div>
            {resendButton(d) && <div>{resendButton(d)}</div>}
          </li>
        ))}
      </ul>
      <div className="flex gap-2">
        {pages.length > 1 && (
          <Button variant="outline" size="sm" onClick={() => setPages((p) => p.slice(0, -1))}>
            Newer
          </Button>
        )}
        {deliveries.data.nextBefore && (
          <Button variant="outline" size="sm" onClick={() => setPages((p) => [...p, deliveries.data.nextBefore ?? undefined])}>
            Older
          </Button>
        )}
      </div>
    </div>
  );
}

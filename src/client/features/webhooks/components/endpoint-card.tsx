import { ChevronDown, CircleCheck, Pause, Play, Send, Trash2, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import type { WebhookEndpointView } from '@common/contracts/integrations';
import { errorMessage } from '@client/lib/api-client';
import { Alert, AlertDescription, AlertTitle } from '@client/components/ui/alert';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@client/components/ui/collapsible';
import { toast } from '@client/components/ui/use-toast';
import { useSendWebhookTest } from '../api/send-webhook-test';
import { useSetWebhookStatus } from '../api/webhooks';
import { DeliveryLog } from './delivery-log';
import { RotateSecretButton } from './rotate-secret-button';
import { when } from '@client/lib/when';

/** One endpoint: where it posts, what it listens to, its state, and its delivery log. */
export function EndpointCard({ endpoint, onRemove, logOpenAtStart }: { endpoint: WebhookEndpointView; onRemove: (e: WebhookEndpointView) => void; logOpenAtStart: boolean }) {
  const [open, setOpen] = useState(logOpenAtStart);
  const setStatus = useSetWebhookStatus();
  const test = useSendWebhookTest();
  const paused = endpoint.status === 'paused';

  const change = (status: 'active' | 'paused') =>
    setStatus.mutate(
      { id: endpoint.id, status },
      {
        onSuccess: () => toast({ title: status === 'paused' ? 'Endpoint paused' : 'Endpoint resumed', description: status === 'paused' ? 'Events wait until you resume it.' : 'Waiting events go out now.', variant: 'success' }),
        onError: (error) => toast({ title: 'Could not change the endpoint', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
      },
    );

  return (
    <section className="grid gap-3 rounded-card border border-border bg-surface p-4" aria-label={`Webhook endpoint ${endpoint.url}`}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant={paused ? 'warning' : 'success'}>{paused ? 'Paused' : 'Active'}</Badge>
            <span className="font-mono text-sm break-all">{endpoint.url}</span>
          </div>
          {endpoint.description && <p className="mt-1 text-sm text-muted-foreground">{endpoint.description}</p>}
          <div className="mt-2 flex flex-wrap gap-1">
            {endpoint.events.map((e) => (
              <Badge key={e} variant="outline" className="font-mono">
                {e}
              </Badge>
            ))}
          </div>
          <p className="nums mt-2 text-xs text-muted-foreground">
            Added {when(endpoint.createdAt)} · {endpoint.pending} waiting · {endpoint.failed} failed
          </p>
          {endpoint.previousSecretExpiresAt && (
            <p className="nums mt-1 text-xs text-muted-foreground">Secret rotated: the previous secret also signs until {when(endpoint.previousSecretExpiresAt)}.</p>
          )}
        </div>
        <div className="flex flex-wrap gap-2 sm:max-w-md sm:shrink-0 sm:justify-end lg:max-w-none">
          <Button
            size="sm"
            variant="outline"
            onClick={() => test.mutate(endpoint.id)}
            disabled={paused}
            title={paused ? 'Resume the endpoint to send a test event' : undefined}
            loading={test.isPending}
            loadingText="Sending..."
          >
            <Send aria-hidden />
            Send test event
          </Button>
          <RotateSecretButton endpoint={endpoint} />
          {paused ? (
            <Button size="sm" onClick={() => change('active')} loading={setStatus.isPending} loadingText="Resuming...">
              <Play aria-hidden />
              Resume
            </Button>
          ) : (
            <Button size="sm" variant="outline" onClick={() => change('paused')} loading={setStatus.isPending} loadingText="Pausing...">
              <Pause aria-hidden />
              Pause
            </Button>
          )}
          <Button size="sm" variant="outline" className="text-destructive" onClick={() => onRemove(endpoint)} aria-label={`Remove ${endpoint.url}`}>
            <Trash2 aria-hidden />
            Remove
          </Button>
        </div>
      </div>
      {test.data && (
        <Alert variant={test.data.delivered ? 'success' : 'destructive'}>
          {test.data.delivered ? <CircleCheck aria-hidden /> : <TriangleAlert aria-hidden />}
          <AlertTitle>{test.data.delivered ? 'Test event delivered' : 'Test event not delivered'}</AlertTitle>
          <AlertDescription>{test.data.message}</AlertDescription>
        </Alert>
      )}
      {test.isError && (
        <Alert variant="destructive">
          <TriangleAlert aria-hidden />
          <AlertTitle>Test event not sent</AlertTitle>
          <AlertDescription>{errorMessage(test.error, 'Please try again.')}</AlertDescription>
        </Alert>
      )}
      {paused && (
        <Alert variant="warning">
          <TriangleAlert aria-hidden />
          <AlertTitle>Deliveries to this endpoint are paused</AlertTitle>
          <AlertDescription>
            {endpoint.pausedReason ?? 'Paused.'} New events are kept and go out, in order, when you resume it. Fix the receiver first, then press Resume.
          </AlertDescription>
        </Alert>
      )}
      <Collapsible open={open} onOpenChange={setOpen}>
        <CollapsibleTrigger asChild>
          <Button variant="ghost" size="sm" className="-ml-2">
            <ChevronDown aria-hidden className={open ? 'rotate-180 transition-transform' : 'transition-transform'} />
            Delivery log
          </Button>
        </CollapsibleTrigger>
        <CollapsibleContent>{open && <DeliveryLog endpointId={endpoint.id} />}</CollapsibleContent>
      </Collapsible>
    </section>
  );
}

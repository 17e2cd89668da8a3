import { Plus, Webhook } from 'lucide-react';
import { useState } from 'react';
import type { CurrentUser } from '@common/contracts/auth';
import type { CreatedWebhook, WebhookEndpointView } from '@common/contracts/integrations';
import { errorMessage } from '@client/lib/api-client';
import { ConfirmDialog } from '@client/components/confirm-dialog';
import { Page } from '@client/components/page-frame';
import { UnauthorizedPage } from '@client/components/unauthorized-page';
import { Alert, AlertDescription, AlertTitle } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { toast } from '@client/components/ui/use-toast';
import { useDeleteWebhook, useWebhooks } from '../api/webhooks';
import { EndpointCard } from '../components/endpoint-card';
import { NewWebhookDialog } from '../components/new-webhook-dialog';
import { SecretOnceDialog } from '@client/components/secret-once-dialog';

/** /admin/webhooks: where the portal posts order and stock events (docs/integrations.md). */
export function WebhooksPage({ user }: { user: CurrentUser }) {
  if (user.activeRole !== 'admin') return <UnauthorizedPage />;
  return <Webhooks />;
}

function Webhooks() {
  const endpoints = useWebhooks();
  const remove = useDeleteWebhook();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const [removing, setRemoving] = useState<WebhookEndpointView | null>(null);

  return (
    <Page
      title="Webhooks"
      description="Your ERP hears about new orders, status changes, stock and product updates the moment they happen, signed and retried until it answers."
      actions={
        <Button onClick={() => setCreating(true)}>
          <Plus aria-hidden />
          New Endpoint
        </Button>
      }
    >
      {endpoints.isPending && (
        <div className="flex items-center gap-2 py-8 text-muted-foreground">
          <Spinner /> Loading endpoints...
        </div>
      )}
      {endpoints.isError && (
        <Alert variant="destructive">
          <AlertTitle>Could not load the endpoints</AlertTitle>
          <AlertDescription>{errorMessage(endpoints.error, 'Please try again.')}</AlertDescription>
        </Alert>
      )}
      {endpoints.data?.length === 0 && (
        <div className="flex flex-col items-center gap-2 rounded-card border border-dashed border-border px-4 py-12 text-center">
          <Webhook className="size-8 text-muted-foreground" aria-hidden />
          <p className="font-medium">No webhook endpoints yet</p>
          <p className="text-sm text-muted-foreground">Add the https URL your ERP listens on with New Endpoint.</p>
        </div>
      )}
      {endpoints.data?.map((endpoint, index) => (
        <EndpointCard key={endpoint.id} endpoint={endpoint} onRemove={setRemoving} logOpenAtStart={index === 0} />
      ))}

      <NewWebhookDialog open={creating} onOpenChange={setCreating} onCreated={setCreated} />
      <SecretOnceDialog title="Endpoint added" label="Signing secret" value={created?.secret ?? null} onClose={() => setCreated(null)} />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove this endpoint?"
        description={`${removing?.url ?? ''} gets no more events, and its delivery log is deleted. This cannot be undone.`}
        confirmLabel="Remove"
        pendingLabel="Removing..."
        pending={remove.isPending}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(removing.id, {
            onSuccess: () => toast({ title: 'Endpoint removed', variant: 'success' }),
            onError: (error) => toast({ title: 'Failed to remove the endpoint', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
            onSettled: () => setRemoving(null),
          });
        }}
      />
    </Page>
  );
}

import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { WEBHOOK_SECRET_OVERLAP_HOURS, type WebhookEndpointView } from '@common/contracts/integrations';
import { errorMessage } from '@client/lib/api-client';
import { ConfirmDialog } from '@client/components/confirm-dialog';
import { Button } from '@client/components/ui/button';
import { toast } from '@client/components/ui/use-toast';
import { useRotateWebhookSecret } from '../api/rotate-webhook-secret';
import { SecretOnceDialog } from '@client/components/secret-once-dialog';

/**
 * Rotate secret: asks first, then shows the new secret once. The old one keeps signing
 * beside it for the overlap window, so the ERP can switch without missing an event (ADR 0184).
 */
export function RotateSecretButton({ endpoint }: { endpoint: WebhookEndpointView }) {
  const rotate = useRotateWebhookSecret();
  const [asking, setAsking] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);

  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setAsking(true)} aria-label={`Rotate the signing secret of ${endpoint.url}`}>
        <KeyRound aria-hidden />
        Rotate secret
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="Rotate the signing secret?"
        description={`You get a new secret, shown once. For the next ${WEBHOOK_SECRET_OVERLAP_HOURS} hours every delivery is signed with both the new and the current secret, so the ERP can switch to the new one without missing an event; after that, only the new one signs.`}
        confirmLabel="Rotate Secret"
        pendingLabel="Rotating..."
        destructive={false}
        pending={rotate.isPending}
        onConfirm={() =>
          rotate.mutate(endpoint.id, {
            onSuccess: (rotated) => setSecret(rotated.secret),
            onError: (error) => toast({ title: 'Could not rotate the secret', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
            onSettled: () => setAsking(false),
          })
        }
      />
      <SecretOnceDialog title="New signing secret" label="Signing secret" value={secret} onClose={() => setSecret(null)} />
    </>
  );
}

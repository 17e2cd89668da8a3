import { KeyRound, Plus } from 'lucide-react';
import { useState } from 'react';
import type { CurrentUser } from '@common/contracts/auth';
import type { ApiTokenView, CreatedApiToken } from '@common/contracts/integrations';
import { errorMessage } from '@client/lib/api-client';
import { ConfirmDialog } from '@client/components/confirm-dialog';
import { Page } from '@client/components/page-frame';
import { UnauthorizedPage } from '@client/components/unauthorized-page';
import { Alert, AlertDescription, AlertTitle } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { toast } from '@client/components/ui/use-toast';
import { useApiTokens, useRevokeApiToken } from '../api/api-tokens';
import { NewTokenDialog } from '../components/new-token-dialog';
import { SecretOnceDialog } from '@client/components/secret-once-dialog';
import { TokensList } from '../components/tokens-list';

/** /admin/api-tokens: tokens for machines such as the ERP (docs/integrations.md). */
export function ApiTokensPage({ user }: { user: CurrentUser }) {
  if (user.activeRole !== 'admin') return <UnauthorizedPage />;
  return <ApiTokens />;
}

function ApiTokens() {
  const tokens = useApiTokens();
  const revoke = useRevokeApiToken();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const [revoking, setRevoking] = useState<ApiTokenView | null>(null);

  return (
    <Page
      title="API Tokens"
      description={
        <>
          Let your ERP or accounting system read orders and push stock. The{' '}
          <a className="underline" href="/api/docs" target="_blank" rel="noreferrer">
            API reference
          </a>{' '}
          lists what each scope opens.
        </>
      }
      actions={
        <Button onClick={() => setCreating(true)}>
          <Plus aria-hidden />
          New Token
        </Button>
      }
    >
      {tokens.isPending && (
        <div className="flex items-center gap-2 py-8 text-muted-foreground">
          <Spinner /> Loading tokens...
        </div>
      )}
      {tokens.isError && (
        <Alert variant="destructive">
          <AlertTitle>Could not load the tokens</AlertTitle>
          <AlertDescription>{errorMessage(tokens.error, 'Please try again.')}</AlertDescription>
        </Alert>
      )}
      {tokens.data?.length === 0 && (
        <div className="flex flex-col items-center gap-2 rounded-card border border-dashed border-border px-4 py-12 text-center">
          <KeyRound className="size-8 text-muted-foreground" aria-hidden />
          <p className="font-medium">No API tokens yet</p>
          <p className="text-sm text-muted-foreground">Create one with New Token and give it to the system that will call the portal.</p>
        </div>
      )}
      {tokens.data && tokens.data.length > 0 && <TokensList tokens={tokens.data} onRevoke={setRevoking} />}

      <NewTokenDialog open={creating} onOpenChange={setCreating} onCreated={setCreated} />
      <SecretOnceDialog title={`Token “${created?.name ?? ''}” created`} label="API token" value={created?.token ?? null} onClose={() => setCreated(null)} />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title="Revoke this token?"
        description={`Anything using “${revoking?.name ?? ''}” stops working at once. This cannot be undone.`}
        confirmLabel="Revoke"
        pendingLabel="Revoking..."
        pending={revoke.isPending}
        onConfirm={() => {
          if (!revoking) return;
          revoke.mutate(revoking.id, {
            onSuccess: () => toast({ title: 'Token revoked', variant: 'success' }),
            onError: (error) => toast({ title: 'Failed to revoke the token', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
            onSettled: () => setRevoking(null),
          });
        }}
      />
    </Page>
  );
}

import { CircleAlert, CircleCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearch } from 'wouter';
import type { EmailConfirmResponse } from '@common/contracts/email-change';
import { errorMessage } from '@client/lib/api-client';
import { Page } from '@client/components/page-frame';
import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { useConfirmEmailChange } from '../api/email-change';

/**
 * /confirm-email?token=... (docs/decisions/0203): the link sent to a new address. Signed in as the
 * account (the route guard sends a signed-out visitor to sign in and back), it confirms the address
 * once and says so; an expired, used or unknown link says that instead and changes nothing.
 */
export function ConfirmEmailPage({ onConfirmed }: { onConfirmed: (result: EmailConfirmResponse) => void }) {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const confirm = useConfirmEmailChange({ onSuccess: onConfirmed });
  // Once per token: a second call (React's development double effect) would read "already used".
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (sent.current === token) return;
    sent.current = token;
    confirm.mutate({ token });
  }, [token, confirm]);

  return (
    <Page title="Confirm Email Address" backHref="/profile" backLabel="Back to My User Data" className="max-w-2xl">
      <div aria-live="polite" className="grid gap-4">
        {confirm.isSuccess ? (
          <Alert variant="success">
            <CircleCheck aria-hidden />
            <p>{confirm.data.message} Portal email now goes there.</p>
          </Alert>
        ) : confirm.isError ? (
          <Alert variant="destructive">
            <CircleAlert aria-hidden />
            <p>{errorMessage(confirm.error, 'The address could not be confirmed. Please try again.')}</p>
          </Alert>
        ) : (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner /> Confirming your new email address...
          </p>
        )}
        {(confirm.isSuccess || confirm.isError) && (
          <div>
            <Button asChild variant="outline" className="w-full sm:w-auto">
              <Link href="/profile">Go to My User Data</Link>
            </Button>
          </div>
        )}
      </div>
    </Page>
  );
}

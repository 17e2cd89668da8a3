import { useState } from 'react';
import type { CurrentUser } from '@common/contracts/auth';
import { errorMessage, isApiError } from '@client/lib/api-client';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { BrandLogo } from '@client/components/brand-logo';
import { Navigate } from '@client/components/navigate';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { toast } from '@client/components/ui/use-toast';
import { useResetTemporaryPassword } from '../api/reset-temporary-password';
import { LogoutButton } from '../components/logout-button';
import { PasswordChangeForm } from '../components/password-change-form';

/** Wording for a failed reset. */
function failureText(error: unknown): string {
  if (!isApiError(error)) return 'An unexpected error occurred. Please try again.';
  return errorMessage(error, 'An error occurred during password reset. Please try again.');
}

/**
 * /profile-completion: a user with a temporary password is confined
 * here until they choose a new one; a successful reset returns to /. A user without
 * the flag is sent away to /.
 */
export function ProfileCompletionPage({ user }: { user: CurrentUser }) {
  useDocumentTitle('Change Your Password');
  const [done, setDone] = useState(false);
  const reset = useResetTemporaryPassword({
    onSuccess: () => {
      toast({ title: 'Password Updated', description: 'Your new password is set.' });
      setDone(true);
    },
  });

  if (done || !user.isTemporaryPassword) return <Navigate to="/" />;

  return (
    <div className="min-h-dvh">
      <header className="border-b border-border bg-surface">
        <div className="mx-auto flex max-w-3xl items-center justify-between gap-4 px-4 py-3">
          <BrandLogo />
          <LogoutButton variant="ghost" />
        </div>
      </header>
      <main className="mx-auto flex max-w-md flex-col px-4 py-8 sm:py-12">
        <Card>
          <CardHeader>
            <CardTitle as="h1" className="text-xl">
              Change Your Password
            </CardTitle>
            <CardDescription>
              You signed in with a temporary password. Choose your own password to continue.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <PasswordChangeForm
              username={user.username}
              autoFocus
              forcedReset
              // One message, not the toast besides the form's own (docs/decisions/0212): a rule
              // under its field, anything else in the form's "Password Reset Failed" alert.
              onSubmit={(body) => reset.mutateAsync(body)}
              error={reset.isError ? { title: 'Password Reset Failed', message: failureText(reset.error) } : null}
            >
              <Button type="submit" size="lg" className="mt-2 w-full" loading={reset.isPending} loadingText="Updating...">
                Update Password
              </Button>
            </PasswordChangeForm>
          </CardContent>
        </Card>
      </main>
    </div>
  );
}

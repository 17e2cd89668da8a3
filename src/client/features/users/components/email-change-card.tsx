import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { EMAIL_CHANGE_HOURS, emailChangeBody, type EmailChangeBody, type EmailChangeInput } from '@common/contracts/email-change';
import { applyFieldErrors } from '@client/lib/apply-field-errors';
import { errorMessage } from '@client/lib/api-client';
import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { useEmailChange, useRequestEmailChange } from '../api/email-change';

const FIELDS = ['email', 'currentPassword'] as const;

const formatTime = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * /profile's Email address (docs/decisions/0203): a new address needs the current password and
 * a link sent to it; until the link is opened, portal email keeps going to the confirmed address.
 */
export function EmailChangeCard({ confirmedEmail }: { confirmedEmail: string | null }) {
  const state = useEmailChange();
  const request = useRequestEmailChange();
  const [editing, setEditing] = useState(false);
  const form = useForm<EmailChangeInput, unknown, EmailChangeBody>({ resolver: zodResolver(emailChangeBody), defaultValues: { email: '', currentPassword: '' } });
  const email = state.data?.email ?? confirmedEmail;
  const pending = state.data?.pending ?? null;

  const submit = form.handleSubmit(async (body) => {
    try {
      await request.mutateAsync(body);
      form.reset();
      setEditing(false);
    } catch (error) {
      if (!applyFieldErrors(error, FIELDS, form.setError)) form.setError('root', { message: errorMessage(error, 'Please try again.') });
    }
  });

  const showForm = editing || !pending;
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle as="h2" className="text-lg">
          Email address
        </CardTitle>
        <CardDescription>
          Order copies and back-in-stock emails go to <span className="font-medium text-foreground break-all">{email ?? 'no address yet'}</span>.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {pending && (
          <Alert variant="success" data-testid="email-change-pending">
            <MailCheck aria-hidden />
            <p>
              We sent a link to <strong className="break-all">{pending.email}</strong>; your address changes when you open it (signed in as
              you). The link works until {formatTime(pending.expiresAt)}. Until then, email keeps going to {email ?? 'no address'}.
            </p>
          </Alert>
        )}
        {showForm ? (
          <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2" aria-label="Change email address">
            <FormField label="New email address" error={form.formState.errors.email?.message}>
              {(control) => <Input {...control} type="email" autoComplete="email" {...form.register('email')} />}
            </FormField>
            <FormField
              label="Current password"
              error={form.formState.errors.currentPassword?.message}
              hint="To be sure it is you."
            >
              {(control) => <Input {...control} type="password" autoComplete="current-password" {...form.register('currentPassword')} />}
            </FormField>
            {form.formState.errors.root?.message && (
              <p role="alert" className="text-sm text-destructive sm:col-span-2">
                {form.formState.errors.root.message}
              </p>
            )}
            <p className="text-xs text-muted-foreground sm:col-span-2">
              We email a link to the new address (it works once, for {EMAIL_CHANGE_HOURS} hours) and tell your current address that a change was asked for.
            </p>
            <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
              {pending && (
                <Button type="button" variant="outline" onClick={() => setEditing(false)} className="w-full sm:w-auto">
                  Cancel
                </Button>
              )}
              <Button type="submit" loading={request.isPending} loadingText="Sending..." className="w-full sm:w-auto">
                Send confirmation link
              </Button>
            </div>
          </form>
        ) : (
          <div className="flex justify-end">
            <Button type="button" variant="outline" onClick={() => setEditing(true)} className="w-full sm:w-auto">
              Use a different address
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

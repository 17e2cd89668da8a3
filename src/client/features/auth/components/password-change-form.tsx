import { zodResolver } from '@hookform/resolvers/zod';
import { CircleAlert } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import {
  passwordChangeForm,
  passwordResetForm,
  type PasswordChangeBody,
  type PasswordChangeForm as PasswordChangeValues,
} from '@common/contracts/auth';
import { Alert, AlertDescription, AlertTitle } from '@client/components/ui/alert';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { applyFieldErrors } from '@client/lib/apply-field-errors';

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

/**
 * Password dialogs and the profile-completion screen share these three
 * fields; the rules and messages come from the common contract.
 */
export function PasswordChangeForm({
  username,
  onSubmit,
  error,
  autoFocus = false,
  forcedReset = false,
  children,
}: {
  /** Lets password managers file the new password under the right account. */
  username: string;
  onSubmit: (body: PasswordChangeBody) => Promise<unknown>;
  /** Shown above the buttons when the last attempt failed for a reason no field explains. */
  error: { title: string; message: string } | null;
  autoFocus?: boolean;
  /** The forced change on /profile-completion uses the reset wording. */
  forcedReset?: boolean;
  /** The buttons; the submit button must be type="submit". */
  children: ReactNode;
}) {
  const form = useForm<PasswordChangeValues>({
    resolver: zodResolver(forcedReset ? passwordResetForm : passwordChangeForm),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  // A refusal that names a field ("This password is too common") is said once, under that field:
  // no alert repeating it (docs/decisions/0212).
  const [saidOnField, setSaidOnField] = useState(false);

  const submit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    setSaidOnField(false);
    try {
      await onSubmit({ currentPassword, newPassword });
    } catch (failure) {
      // The caller's alert is for what no field explains (the portal cannot be reached, too many tries).
      setSaidOnField(applyFieldErrors(failure, FIELDS, form.setError));
    }
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
      <FormField label="Current Password" error={errors.currentPassword?.message}>
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="current-password"
            autoFocus={autoFocus}
            {...form.register('currentPassword')}
          />
        )}
      </FormField>
      <FormField
        label="New Password"
        hint="At least 6 characters, including one capital letter; not a common password."
        error={errors.newPassword?.message}
      >
        {(control) => (
          <Input {...control} type="password" autoComplete="new-password" {...form.register('newPassword')} />
        )}
      </FormField>
      <FormField label="Confirm New Password" error={errors.confirmPassword?.message}>
        {(control) => (
          <Input {...control} type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
        )}
      </FormField>
      {error && !saidOnField && (
        <Alert variant="destructive">
          <CircleAlert aria-hidden />
          <AlertTitle>{error.title}</AlertTitle>
          <AlertDescription>{error.message}</AlertDescription>
        </Alert>
      )}
      {children}
    </form>
  );
}

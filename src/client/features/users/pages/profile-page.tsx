import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { CurrentUser } from '@common/contracts/auth';
import { profileBody, type ProfileBody, type ProfileInput, type UserView } from '@common/contracts/users';
import { ROLE_LABELS } from '@common/domain/permissions';
import { applyFieldErrors } from '@client/lib/apply-field-errors';
import { errorMessage } from '@client/lib/api-client';
import { Page } from '@client/components/page-frame';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { toast } from '@client/components/ui/use-toast';
import { useUpdateProfile } from '../api/update-profile';
import { EmailChangeCard } from '../components/email-change-card';
import { OWN_PROFILE_FIELDS, ProfileTextFields } from '../components/profile-fields';

/**
 * /profile (ADR 0053): Edit My User Data. The user's own profile fields,
 * checked by the admin edit's contract without the role; username and role are shown,
 * not editable; the email address changes in its own card with the current password and a
 * link (docs/decisions/0203). `onSaved` lets the app refresh the signed-in user everywhere.
 */
export function ProfilePage({ user, onSaved }: { user: CurrentUser; onSaved: (saved: UserView) => void }) {
  const mutation = useUpdateProfile({ onSuccess: onSaved });
  const form = useForm<ProfileInput, unknown, ProfileBody>({
    resolver: zodResolver(profileBody),
    defaultValues: {
      firstName: user.firstName ?? '',
      lastName: user.lastName ?? '',
      phone: user.phone ?? '',
      company: user.company ?? '',
      storeName: user.storeName ?? '',
      storeAddress: user.storeAddress ?? '',
      storeCity: user.storeCity ?? '',
      storeState: user.storeState ?? '',
      storeZip: user.storeZip ?? '',
      storeContactName: user.storeContactName ?? '',
      storePhone: user.storePhone ?? '',
    },
  });

  const submit = form.handleSubmit(async (body) => {
    try {
      await mutation.mutateAsync(body);
      // The saved values become the form's baseline, so Save is quiet until the next change.
      form.reset(form.getValues());
      toast({ title: 'Profile Updated', description: 'Your details have been saved.', variant: 'success' });
    } catch (error) {
      applyFieldErrors(error, OWN_PROFILE_FIELDS, form.setError);
      toast({ title: 'Failed to update profile', description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
    }
  });

  return (
    <Page title="My User Data" className="max-w-3xl">
      <Card>
        <CardHeader>
          <CardTitle as="h2" className="text-lg">
            Your details
          </CardTitle>
          <CardDescription>These appear on your orders and in order emails.</CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="mb-6 grid gap-4 rounded-md bg-muted px-4 py-3 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-muted-foreground">Username</dt>
              <dd className="font-medium break-all">{user.username}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Role</dt>
              <dd className="font-medium">
                {ROLE_LABELS[user.role]}
                {user.activeRole && user.activeRole !== user.role && (
                  <span className="font-normal text-muted-foreground"> (acting as {ROLE_LABELS[user.activeRole]})</span>
                )}
              </dd>
            </div>
          </dl>
          <p className="-mt-4 mb-6 px-4 text-xs text-muted-foreground">An admin changes your username or role.</p>
          <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
            <ProfileTextFields own register={(name) => form.register(name)} errors={form.formState.errors} />
            <div className="flex justify-end sm:col-span-2">
              <Button type="submit" loading={mutation.isPending} loadingText="Saving..." className="w-full sm:w-auto">
                Save Changes
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
      <EmailChangeCard confirmedEmail={user.email} />
    </Page>
  );
}

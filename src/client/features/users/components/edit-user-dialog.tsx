import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { updateUserBody, type UpdateUserBody, type UpdateUserInput, type UserView } from '@common/contracts/users';
import { applyFieldErrors } from '@client/lib/apply-field-errors';
import { errorMessage } from '@client/lib/api-client';
import { FormDialog, FormDialogFooter } from '@client/components/form-dialog';
import { toast } from '@client/components/ui/use-toast';
import { useUpdateUser } from '../api/update-user';
import { PROFILE_FIELDS, ProfileFields } from './profile-fields';

/** Edit User dialog: role and profile (PATCH fields); username and password stay. */
export function EditUserDialog({
  user,
  currentUserId,
  onOpenChange,
}: {
  user: UserView | null;
  currentUserId: number;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <FormDialog
      open={user !== null}
      onOpenChange={onOpenChange}
      title="Edit User"
      description={
        user ? (
          <>
            Username <span className="font-medium text-foreground">{user.username}</span> (ID {user.id})
          </>
        ) : null
      }
      className="max-w-2xl"
    >
      {user && <EditUserForm key={user.id} user={user} isSelf={user.id === currentUserId} onDone={() => onOpenChange(false)} />}
    </FormDialog>
  );
}

function EditUserForm({ user, isSelf, onDone }: { user: UserView; isSelf: boolean; onDone: () => void }) {
  const mutation = useUpdateUser();
  const form = useForm<UpdateUserInput, unknown, UpdateUserBody>({
    resolver: zodResolver(updateUserBody),
    defaultValues: {
      role: user.role,
      firstName: user.firstName ?? '',
      lastName: user.lastName ?? '',
      email: user.email ?? '',
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
      const saved = await mutation.mutateAsync({ id: user.id, body });
      toast({ title: 'User Updated', description: `${saved.username} has been saved.`, variant: 'success' });
      onDone();
    } catch (error) {
      applyFieldErrors(error, PROFILE_FIELDS, form.setError);
      toast({ title: 'Failed to update user', description: errorMessage(error, 'Failed to update user'), variant: 'destructive' });
    }
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
      <ProfileFields register={(name) => form.register(name)} errors={form.formState.errors} roleLocked={isSelf} />
      <FormDialogFooter className="sm:col-span-2" submitLabel="Save Changes" pendingLabel="Saving..." pending={mutation.isPending} />
    </form>
  );
}

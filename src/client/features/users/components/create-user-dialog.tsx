import { zodResolver } from '@hookform/resolvers/zod';
import { Eye, EyeOff, Wand2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { createUserBody, type CreateUserBody, type CreateUserInput } from '@common/contracts/users';
import { applyFieldErrors } from '@client/lib/apply-field-errors';
import { errorMessage } from '@client/lib/api-client';
import { FormDialog, FormDialogFooter } from '@client/components/form-dialog';
import { Button } from '@client/components/ui/button';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { toast } from '@client/components/ui/use-toast';
import { useCreateUser } from '../api/create-user';
import { generatePassword } from '../lib/generate-password';
import { PROFILE_FIELDS, ProfileFields } from './profile-fields';

const EMPTY: CreateUserInput = {
  username: '',
  password: '',
  role: 'salesperson',
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  company: '',
  storeName: '',
  storeAddress: '',
  storeCity: '',
  storeState: '',
  storeZip: '',
  storeContactName: '',
  storePhone: '',
};

/**
 * Create User dialog. The password set here is temporary: the new user must
 * replace it at first sign-in, so the admin may show it and generate one.
 */
export function CreateUserDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Create User"
      description="The password is temporary: the new user chooses their own at first sign-in. A welcome email goes to the address given, without the password."
      className="max-w-2xl"
    >
      <CreateUserForm onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function CreateUserForm({ onDone }: { onDone: () => void }) {
  const [showPassword, setShowPassword] = useState(false);
  const mutation = useCreateUser();
  const form = useForm<CreateUserInput, unknown, CreateUserBody>({ resolver: zodResolver(createUserBody), defaultValues: EMPTY });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (body) => {
    try {
      const user = await mutation.mutateAsync(body);
      toast({ title: 'User Created', description: `${user.username} can now sign in with the temporary password.`, variant: 'success' });
      onDone();
    } catch (error) {
      applyFieldErrors(error, ['username', 'password', ...PROFILE_FIELDS], form.setError);
      // "Failed to create user" or the server's message.
      toast({ title: 'Failed to create user', description: errorMessage(error, 'Failed to create user'), variant: 'destructive' });
    }
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
      <FormField label="Username" error={errors.username?.message} hint="At least 3 characters.">
        {(control) => <Input {...control} autoComplete="off" autoCapitalize="none" spellCheck={false} autoFocus {...form.register('username')} />}
      </FormField>
      <FormField label="Temporary Password" error={errors.password?.message} hint="At least 6 characters with a capital letter.">
        {(control) => (
          <div className="flex gap-2">
            <Input {...control} type={showPassword ? 'text' : 'password'} autoComplete="new-password" {...form.register('password')} />
            <Button
              variant="outline"
              size="icon"
              aria-label={showPassword ? 'Hide password' : 'Show password'}
              aria-pressed={showPassword}
              onClick={() => setShowPassword((v) => !v)}
            >
              {showPassword ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
            </Button>
            <Button
              variant="outline"
              size="icon"
              aria-label="Generate a password"
              title="Generate a password"
              onClick={() => {
                form.setValue('password', generatePassword(), { shouldValidate: true, shouldDirty: true });
                setShowPassword(true);
              }}
            >
              <Wand2 aria-hidden />
            </Button>
          </div>
        )}
      </FormField>
      <ProfileFields register={(name) => form.register(name)} errors={errors} />
      <FormDialogFooter className="sm:col-span-2" submitLabel="Create User" pendingLabel="Creating..." pending={mutation.isPending} />
    </form>
  );
}

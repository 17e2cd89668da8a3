import { zodResolver } from '@hookform/resolvers/zod';
import { Eye, EyeOff, Wand2 } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { createUserBody, type CreateUserBody, type CreateUserInput } from '@common/contracts/users';
import { applyFieldErrors } from '@client/lib/apply-field-errors';
import { errorMessage, isApiError } from '@client/lib/api-client';
import { FormDialog, FormDialogFooter } from '@client/components/form-dialog';
import { Button } from '@client/components/ui/button';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { toast } from '@client/components/ui/use-toast';
import { useCreateUser } from '../api/create-user';
import { generatePassword } from '../lib/generate-password';
import { PROFILE_FIELDS, ProfileFields } from './profile-fields';
import { CHOOSE_COMPANY_MESSAGE, DealerCompanyFields, NO_DEALER_COMPANY, type DealerCompany } from './dealer-company-fields';

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
  // A BOLD Customer's company (docs/decisions/0230): one found by search, or a new one by name.
  const isDealer = useWatch({ control: form.control, name: 'role' }) === 'bold_customer';
  const [dealerCompany, setDealerCompany] = useState<DealerCompany>(NO_DEALER_COMPANY);
  const [companyError, setCompanyError] = useState<string | undefined>();

  const submit = form.handleSubmit(async (fields) => {
    let body: CreateUserBody = { ...fields, companyId: undefined };
    if (isDealer && dealerCompany.kind === 'existing') {
      if (!dealerCompany.company) return setCompanyError(CHOOSE_COMPANY_MESSAGE);
      body = { ...fields, companyId: dealerCompany.company.id, company: dealerCompany.company.name };
    }
    try {
      const user = await mutation.mutateAsync(body);
      toast({ title: 'User Created', description: `${user.username} can now sign in with the temporary password.`, variant: 'success' });
      onDone();
    } catch (error) {
      applyFieldErrors(error, ['username', 'password', ...PROFILE_FIELDS], form.setError);
      // A company deleted since it was chosen.
      const companyProblem = isApiError(error) ? error.fieldErrors.find((e) => e.path === 'companyId') : undefined;
      if (companyProblem) setCompanyError(companyProblem.message);
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
      <ProfileFields
        register={(name) => form.register(name)}
        errors={errors}
        afterRole={
          isDealer && (
            <DealerCompanyFields
              value={dealerCompany}
              onChange={(next) => {
                setDealerCompany(next);
                setCompanyError(undefined);
              }}
              registerName={form.register('company')}
              error={companyError}
              nameError={errors.company?.message}
            />
          )
        }
      />
      <FormDialogFooter className="sm:col-span-2" submitLabel="Create User" pendingLabel="Creating..." pending={mutation.isPending} />
    </form>
  );
}

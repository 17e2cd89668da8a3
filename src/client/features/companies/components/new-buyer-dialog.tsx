import { zodResolver } from '@hookform/resolvers/zod';
import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { newBuyerBody, type NewBuyerBody, type NewBuyerInput } from '@common/contracts/companies';
import { COMPANY_ROLE_LABELS, COMPANY_ROLES } from '@common/domain/companies';
import { applyFieldErrors } from '@client/lib/apply-field-errors';
import { errorMessage } from '@client/lib/api-client';
import { FormDialog, FormDialogFooter } from '@client/components/form-dialog';
import { Button } from '@client/components/ui/button';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { NativeSelect } from '@client/components/ui/native-select';
import { toast } from '@client/components/ui/use-toast';
import { useNewBuyer, type CompanyScope } from '../api/companies';

const FIELDS = ['username', 'password', 'firstName', 'lastName', 'email', 'companyRole', 'spendingLimit'] as const;

/** New Buyer: a BOLD Customer account in the company, with a temporary password (as Create User). */
export function NewBuyerDialog({ open, onOpenChange, scope, companyName }: { open: boolean; onOpenChange: (open: boolean) => void; scope: CompanyScope; companyName: string }) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="New Buyer"
      description={`A new sign-in for ${companyName}. The password is temporary: they choose their own at first sign-in. Tell it to them yourself; the welcome email does not include it.`}
      className="max-w-2xl"
    >
      <NewBuyerForm scope={scope} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function NewBuyerForm({ scope, onDone }: { scope: CompanyScope; onDone: () => void }) {
  const [showPassword, setShowPassword] = useState(false);
  const mutation = useNewBuyer(scope);
  const form = useForm<NewBuyerInput, unknown, NewBuyerBody>({
    resolver: zodResolver(newBuyerBody),
    defaultValues: { username: '', password: '', firstName: '', lastName: '', email: '', companyRole: 'buyer', spendingLimit: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (body) => {
    try {
      const buyer = await mutation.mutateAsync(body);
      toast({ title: 'Buyer created', description: `${buyer.username} can now sign in with the temporary password.`, variant: 'success' });
      onDone();
    } catch (error) {
      applyFieldErrors(error, [...FIELDS], form.setError);
      toast({ title: 'Failed to create the buyer', description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
    }
  });
  return (
    <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
      <FormField label="Username" error={errors.username?.message} hint="At least 3 characters.">
        {(control) => <Input {...control} autoFocus autoComplete="off" autoCapitalize="none" spellCheck={false} {...form.register('username')} />}
      </FormField>
      <FormField label="Temporary Password" error={errors.password?.message} hint="At least 6 characters with a capital letter.">
        {(control) => (
          <div className="flex gap-2">
            <Input {...control} type={showPassword ? 'text' : 'password'} autoComplete="new-password" {...form.register('password')} />
            <Button variant="outline" size="icon" aria-label={showPassword ? 'Hide password' : 'Show password'} aria-pressed={showPassword} onClick={() => setShowPassword((v) => !v)}>
              {showPassword ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
            </Button>
          </div>
        )}
      </FormField>
      <FormField label="First name" error={errors.firstName?.message}>
        {(control) => <Input {...control} autoComplete="off" {...form.register('firstName')} />}
      </FormField>
      <FormField label="Last name" error={errors.lastName?.message}>
        {(control) => <Input {...control} autoComplete="off" {...form.register('lastName')} />}
      </FormField>
      <FormField label="Email" error={errors.email?.message}>
        {(control) => <Input {...control} type="email" autoComplete="off" {...form.register('email')} />}
      </FormField>
      <FormField label="Role in the company" error={errors.companyRole?.message}>
        {(control) => (
          <NativeSelect {...control} {...form.register('companyRole')}>
            {COMPANY_ROLES.map((role) => (
              <option key={role} value={role}>
                {COMPANY_ROLE_LABELS[role]}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <FormField label="Spending limit per order (optional)" error={errors.spendingLimit?.message} hint="In dollars; blank for no limit.">
        {(control) => (
          <Input
            {...control}
            inputMode="decimal"
            autoComplete="off"
            {...form.register('spendingLimit', { setValueAs: (v: string | null) => (v === '' || v === null ? null : v) })}
          />
        )}
      </FormField>
      <FormDialogFooter className="sm:col-span-2" submitLabel="Create Buyer" pendingLabel="Creating..." pending={mutation.isPending} />
    </form>
  );
}

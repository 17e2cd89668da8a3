import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { createCompanyBody, type CompanyView, type CreateCompanyBody, type CreateCompanyInput } from '@common/contracts/companies';
import { COMPANY_STATUSES } from '@common/domain/companies';
import { applyFieldErrors } from '@client/lib/apply-field-errors';
import { errorMessage } from '@client/lib/api-client';
import { FormDialog, FormDialogFooter } from '@client/components/form-dialog';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { NativeSelect } from '@client/components/ui/native-select';
import { Textarea } from '@client/components/ui/textarea';
import { toast } from '@client/components/ui/use-toast';
import { useCreateCompany, useUpdateCompany } from '../api/companies';
import { COMPANY_STATUS_LABELS } from '../lib/labels';

const FIELDS = ['name', 'accountNumber', 'status', 'priceGroup', 'paymentTerms', 'notes'] as const;

/** New Company, or Edit Company when `company` is given: one form, the create contract checks both. */
export function CompanyFormDialog({
  open,
  onOpenChange,
  company,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  company?: CompanyView;
  onSaved?: (company: CompanyView) => void;
}) {
  const done = (saved: CompanyView) => {
    onOpenChange(false);
    onSaved?.(saved);
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={company ? 'Edit Company' : 'New Company'}
      description="The account number is the ERP's; no two companies share one. The price group picks the group's price lists."
      className="max-w-2xl"
    >
      {company ? (
        <EditForm company={company} onDone={done} />
      ) : (
        <CreateForm onDone={done} />
      )}
    </FormDialog>
  );
}

function CreateForm({ onDone }: { onDone: (company: CompanyView) => void }) {
  const mutation = useCreateCompany();
  return (
    <CompanyForm
      defaults={{ name: '', accountNumber: '', status: 'active', priceGroup: '', paymentTerms: '', notes: '', repOrdersNeedConfirmation: false }}
      submitLabel="Create Company"
      pendingLabel="Creating..."
      pending={mutation.isPending}
      save={(body) => mutation.mutateAsync(body)}
      onDone={onDone}
      failure="Failed to create the company"
    />
  );
}

function EditForm({ company, onDone }: { company: CompanyView; onDone: (company: CompanyView) => void }) {
  const mutation = useUpdateCompany(company.id);
  return (
    <CompanyForm
      defaults={{
        name: company.name,
        accountNumber: company.accountNumber ?? '',
        status: company.status,
        priceGroup: company.priceGroup ?? '',
        paymentTerms: company.paymentTerms ?? '',
        notes: company.notes ?? '',
        repOrdersNeedConfirmation: company.repOrdersNeedConfirmation ?? false,
      }}
      submitLabel="Save Changes"
      pendingLabel="Saving..."
      pending={mutation.isPending}
      // Blank fields are sent as null: cleared.
      save={(body) => mutation.mutateAsync({ ...body, accountNumber: body.accountNumber ?? null, priceGroup: body.priceGroup ?? null, paymentTerms: body.paymentTerms ?? null, notes: body.notes ?? null })}
      onDone={onDone}
      failure="Failed to save the company"
    />
  );
}

function CompanyForm({
  defaults,
  submitLabel,
  pendingLabel,
  pending,
  save,
  onDone,
  failure,
}: {
  defaults: CreateCompanyInput;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  save: (body: CreateCompanyBody) => Promise<CompanyView>;
  onDone: (company: CompanyView) => void;
  failure: string;
}) {
  const form = useForm<CreateCompanyInput, unknown, CreateCompanyBody>({ resolver: zodResolver(createCompanyBody), defaultValues: defaults });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (body) => {
    try {
      const saved = await save(body);
      toast({ title: 'Company saved', description: saved.name, variant: 'success' });
      onDone(saved);
    } catch (error) {
      applyFieldErrors(error, [...FIELDS], form.setError);
      toast({ title: failure, description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
    }
  });
  return (
    <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
      <FormField label="Company name" error={errors.name?.message} className="sm:col-span-2">
        {(control) => <Input {...control} autoFocus autoComplete="off" {...form.register('name')} />}
      </FormField>
      <FormField label="Account number" error={errors.accountNumber?.message} hint="The ERP's number, e.g. C-1001.">
        {(control) => <Input {...control} autoComplete="off" spellCheck={false} {...form.register('accountNumber')} />}
      </FormField>
      <FormField label="Status" error={errors.status?.message}>
        {(control) => (
          <NativeSelect {...control} {...form.register('status')}>
            {COMPANY_STATUSES.map((status) => (
              <option key={status} value={status}>
                {COMPANY_STATUS_LABELS[status]}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <FormField label="Price group" error={errors.priceGroup?.message} hint="A code such as gold or silver; blank for none.">
        {(control) => <Input {...control} autoComplete="off" autoCapitalize="none" spellCheck={false} {...form.register('priceGroup')} />}
      </FormField>
      <FormField label="Payment terms" error={errors.paymentTerms?.message} hint="e.g. Net 30.">
        {(control) => <Input {...control} autoComplete="off" {...form.register('paymentTerms')} />}
      </FormField>
      <FormField label="Notes" error={errors.notes?.message} className="sm:col-span-2">
        {(control) => <Textarea {...control} rows={3} {...form.register('notes')} />}
      </FormField>
      {/* docs/decisions/0235: a rep's order for this company waits in "Awaiting dealer" until a buyer answers. */}
      <label className="flex min-h-11 items-center gap-3 text-sm sm:col-span-2">
        <input type="checkbox" className="size-5 accent-accent" {...form.register('repOrdersNeedConfirmation')} />
        Orders placed for this company by reps need a buyer&apos;s confirmation
      </label>
      <FormDialogFooter className="sm:col-span-2" submitLabel={submitLabel} pendingLabel={pendingLabel} pending={pending} />
    </form>
  );
}

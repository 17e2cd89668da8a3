import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { priceListBody, type PriceListBody, type PriceListDetail, type PriceListView } from '@common/contracts/price-lists';
import { FormDialog, FormDialogFooter } from '@client/components/form-dialog';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { toast } from '@client/components/ui/use-toast';
import { errorMessage } from '@client/lib/api-client';
import { applyFieldErrors } from '@client/lib/apply-field-errors';

type FormInput = { code: string; name: string; validFrom: string; validTo: string };

/** New price list, or Edit of one: code, name, valid from and to (docs/decisions/0231). */
export function ListFormDialog({
  open,
  onOpenChange,
  list,
  save,
  pending,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The list to edit; none for a new one. */
  list?: PriceListView;
  save: (body: PriceListBody) => Promise<PriceListDetail>;
  pending: boolean;
  onSaved?: (detail: PriceListDetail) => void;
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={list ? 'Edit Price List' : 'New Price List'}
      description="The code is what files and the ERP name the list by. Outside its dates a list does not apply; leave them empty for no limit."
    >
      <ListForm
        list={list}
        save={save}
        pending={pending}
        onDone={(detail) => {
          onOpenChange(false);
          onSaved?.(detail);
        }}
      />
    </FormDialog>
  );
}

function ListForm({ list, save, pending, onDone }: { list?: PriceListView; save: (body: PriceListBody) => Promise<PriceListDetail>; pending: boolean; onDone: (detail: PriceListDetail) => void }) {
  const form = useForm<FormInput, unknown, PriceListBody>({
    // The contract's output is the body the server takes; the form's strings are its input.
    resolver: zodResolver(priceListBody) as never,
    defaultValues: { code: list?.code ?? '', name: list?.name ?? '', validFrom: list?.validFrom ?? '', validTo: list?.validTo ?? '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (body) => {
    try {
      const detail = await save(body);
      toast({ title: list ? 'Price list saved' : 'Price list created', description: `${detail.list.code}: ${detail.list.name}`, variant: 'success' });
      onDone(detail);
    } catch (error) {
      applyFieldErrors(error, ['code', 'name', 'validFrom', 'validTo'], form.setError);
      toast({ title: list ? 'Could not save the list' : 'Could not create the list', description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
    }
  });
  return (
    <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
      <FormField label="Code" error={errors.code?.message} hint="Like CONTRACT-COASTAL; letters, digits, dashes.">
        {(control) => <Input {...control} autoComplete="off" autoCapitalize="characters" spellCheck={false} autoFocus {...form.register('code')} />}
      </FormField>
      <FormField label="Name" error={errors.name?.message} hint="What dealers see beside a price.">
        {(control) => <Input {...control} autoComplete="off" {...form.register('name')} />}
      </FormField>
      <FormField label="Valid from" error={errors.validFrom?.message}>
        {(control) => <Input {...control} type="date" {...form.register('validFrom')} />}
      </FormField>
      <FormField label="Valid to" error={errors.validTo?.message}>
        {(control) => <Input {...control} type="date" {...form.register('validTo')} />}
      </FormField>
      <FormDialogFooter className="sm:col-span-2" submitLabel={list ? 'Save' : 'Create'} pendingLabel={list ? 'Saving...' : 'Creating...'} pending={pending} />
    </form>
  );
}

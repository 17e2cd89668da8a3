import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  merchandiseEditBody,
  type MerchandiseAdminItem,
  type MerchandiseEditBody,
  type MerchandiseEditInput,
} from '@common/contracts/merchandise';
import { merchandiseList } from '@common/domain/cart-rules';
import { FormDialog, FormDialogFooter } from '@client/components/form-dialog';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { Textarea } from '@client/components/ui/textarea';
import { toast } from '@client/components/ui/use-toast';
import { applyFieldErrors } from '@client/lib/apply-field-errors';
import { errorMessage } from '@client/lib/api-client';
import { useEditMerchandise } from '../api/manage-merchandise';

const FIELDS = ['name', 'description', 'line', 'category', 'handboardType', 'price'] as const;

/** Edit one merchandise item (docs/decisions/0131): the form uses the route's Zod contract. */
export function EditMerchandiseDialog({ item, onOpenChange }: { item: MerchandiseAdminItem | null; onOpenChange: (open: boolean) => void }) {
  return (
    <FormDialog
      open={item !== null}
      onOpenChange={onOpenChange}
      title={item ? `Edit ${merchandiseList(item.type).singular}` : 'Edit'}
      description={
        item ? (
          <>
            Code <span className="font-medium text-foreground">{item.code}</span> stays: carts and orders refer to it.
          </>
        ) : null
      }
      className="max-w-xl"
    >
      {item && <EditMerchandiseForm key={item.id} item={item} onDone={() => onOpenChange(false)} />}
    </FormDialog>
  );
}

function EditMerchandiseForm({ item, onDone }: { item: MerchandiseAdminItem; onDone: () => void }) {
  const mutation = useEditMerchandise();
  const form = useForm<MerchandiseEditInput, unknown, MerchandiseEditBody>({
    resolver: zodResolver(merchandiseEditBody),
    defaultValues: {
      name: item.name,
      description: item.description ?? '',
      line: item.line ?? '',
      category: item.category ?? '',
      handboardType: item.handboardType ?? '',
      price: item.price,
    },
  });
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async (body) => {
    try {
      const saved = await mutation.mutateAsync({ id: item.id, body });
      toast({ title: 'Merchandise Updated', description: `${saved.code} has been saved.`, variant: 'success' });
      onDone();
    } catch (error) {
      applyFieldErrors(error, FIELDS, form.setError);
      toast({ title: 'Failed to save', description: errorMessage(error, 'Failed to save the item'), variant: 'destructive' });
    }
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
      <FormField label="Name" error={errors.name?.message} className="sm:col-span-2">
        {(control) => <Input {...control} autoComplete="off" {...form.register('name')} />}
      </FormField>
      <FormField label="Line" error={errors.line?.message}>
        {(control) => <Input {...control} autoComplete="off" {...form.register('line')} />}
      </FormField>
      <FormField label="Category" error={errors.category?.message}>
        {(control) => <Input {...control} autoComplete="off" {...form.register('category')} />}
      </FormField>
      {item.type === 'handboard' && (
        <FormField label="Handboard type" error={errors.handboardType?.message}>
          {(control) => <Input {...control} autoComplete="off" {...form.register('handboardType')} />}
        </FormField>
      )}
      <FormField label="Price" hint="In dollars, for example 12.50" error={errors.price?.message}>
        {(control) => <Input {...control} inputMode="decimal" autoComplete="off" {...form.register('price')} />}
      </FormField>
      <FormField label="Description" error={errors.description?.message} className="sm:col-span-2">
        {(control) => <Textarea {...control} rows={3} {...form.register('description')} />}
      </FormField>
      <FormDialogFooter className="sm:col-span-2" submitLabel="Save Changes" pendingLabel="Saving..." pending={mutation.isPending} />
    </form>
  );
}

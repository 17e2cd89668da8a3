import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { duplicateCartBody, type CartView } from '@common/contracts/carts';
import type { cartWording } from '@common/domain/cart-rules';
import { FormDialog, FormDialogFooter } from '@client/components/form-dialog';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { toast, TOAST_DURATION } from '@client/components/ui/use-toast';
import { applyFieldErrors } from '@client/lib/apply-field-errors';
import { isApiError } from '@client/lib/api-client';
import { useDuplicateCart } from '../api/duplicate-cart';
import { useRenameCart } from '../api/rename-cart';
import { toastCartError } from '../lib/cart-errors';

export type PoNameAction = 'rename' | 'duplicate';

/** Rename or Duplicate a PO (ADR 0190): one name field, a name in use said on the field. */
export function PoNameDialog({
  cart,
  action,
  wording,
  onClose,
}: {
  cart: CartView;
  action: PoNameAction | null;
  wording: ReturnType<typeof cartWording>;
  onClose: () => void;
}) {
  return (
    <FormDialog
      open={action !== null}
      onOpenChange={(open) => !open && onClose()}
      title={action === 'duplicate' ? `Duplicate “${cart.name}”` : `Rename “${cart.name}”`}
      description={action === 'duplicate' ? 'A copy of every line under a new name. The copy becomes the PO your adds go to.' : 'A name you will recognise, such as the job or customer.'}
    >
      {action && <NameForm cart={cart} action={action} wording={wording} onDone={onClose} />}
    </FormDialog>
  );
}

function NameForm({ cart, action, wording, onDone }: { cart: CartView; action: PoNameAction; wording: ReturnType<typeof cartWording>; onDone: () => void }) {
  const rename = useRenameCart();
  const duplicate = useDuplicateCart();
  const pending = rename.isPending || duplicate.isPending;
  const form = useForm<{ name: string }>({
    resolver: zodResolver(duplicateCartBody),
    defaultValues: { name: action === 'duplicate' ? `${cart.name} (copy)`.slice(0, 100) : cart.name },
  });
  const submit = form.handleSubmit(async ({ name }) => {
    try {
      if (action === 'rename') {
        await rename.mutateAsync({ cartId: cart.id, name });
        toast({ title: 'PO renamed', description: `Now called "${name.trim()}".`, duration: TOAST_DURATION.short });
      } else {
        const copy = await duplicate.mutateAsync({ cartId: cart.id, name });
        toast({ title: 'PO duplicated', description: `"${copy.name}" is ready; adds now go to it.`, duration: TOAST_DURATION.short });
      }
      onDone();
    } catch (error) {
      if (applyFieldErrors(error, ['name'], form.setError)) return;
      if (isApiError(error) && error.status === 409 && error.serverMessage) {
        form.setError('name', { message: error.serverMessage });
        return;
      }
      toastCartError(error, 'Error Updating Cart');
    }
  });
  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <FormField label={wording.nameLabel} error={form.formState.errors.name?.message}>
        {(control) => <Input {...control} autoFocus autoComplete="off" maxLength={100} {...form.register('name')} />}
      </FormField>
      <FormDialogFooter submitLabel={action === 'duplicate' ? 'Duplicate' : 'Rename'} pendingLabel="Saving..." pending={pending} />
    </form>
  );
}

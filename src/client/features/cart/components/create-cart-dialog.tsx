import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, type RefObject } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { createCartBody, type CartView } from '@common/contracts/carts';
import { z } from '@common/contracts/zod';
import type { cartWording } from '@common/domain/cart-rules';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@client/components/ui/dialog';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { toast, TOAST_DURATION } from '@client/components/ui/use-toast';
import { useCreateCart } from '../api/create-cart';
import { applyFieldErrors } from '@client/lib/apply-field-errors';
import { isApiError } from '@client/lib/api-client';
import { toastCartError } from '../lib/cart-errors';

const nameForm = z.pick(createCartBody, { name: true });

/** A 409 that no field owns, e.g. "You have reached the limit of 50 purchase orders…" (ADR 0179): said in the dialog. */
function refusalOf(error: unknown): string | undefined {
  return isApiError(error) && error.status === 409 && error.fieldErrors.length === 0 ? error.serverMessage : undefined;
}

/**
 * Create New PO: a non-blank name (placeholder "Enter PO name",
 * Cancel / Create), toast "New PO created". `activate` makes it the active cart.
 * It opens empty every time (whichever way it was closed), Create stays
 * disabled while the name is blank, and a name already used shows on the field.
 * A refusal that is not about the name (the cap on POs, ADR 0179) shows in the dialog.
 */
export function CreateCartDialog({
  open,
  onOpenChange,
  wording,
  activate,
  onCreated,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  wording: ReturnType<typeof cartWording>;
  activate: boolean;
  onCreated?: (cart: CartView) => void;
  /** Where the focus goes on close when the dialog has no trigger of its own (the header's PO menu). */
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  const create = useCreateCart();
  const form = useForm<{ name: string }>({ resolver: zodResolver(nameForm), defaultValues: { name: '' } });
  const blank = (useWatch({ control: form.control, name: 'name' }) ?? '').trim() === '';
  const { reset: resetForm } = form;
  const { reset: resetMutation } = create;
  useEffect(() => {
    if (!open) return;
    resetForm({ name: '' });
    resetMutation();
  }, [open, resetForm, resetMutation]);
  const refusal = refusalOf(create.error);

  const submit = form.handleSubmit(async ({ name }) => {
    try {
      const cart = await create.mutateAsync({ name, isActive: activate });
      toast({ title: wording.createdToast, description: `"${cart.name}" is ready.`, duration: TOAST_DURATION.short });
      form.reset();
      onOpenChange(false);
      onCreated?.(cart);
    } catch (error) {
      // "You already have a PO named ..." belongs on the field, a 409 of no field in the dialog (`refusal`); other failures get the toast.
      if (applyFieldErrors(error, ['name'], form.setError)) return;
      if (refusalOf(error) === undefined) toastCartError(error, 'Error Creating Cart');
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          if (!returnFocusTo?.current) return;
          event.preventDefault();
          returnFocusTo.current.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{wording.createLabel}</DialogTitle>
          <DialogDescription>Give it a name you will recognise later, such as the job or customer.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <FormField label={wording.nameLabel} error={form.formState.errors.name?.message}>
            {(control) => (
              <Input {...control} autoFocus autoComplete="off" placeholder={wording.namePlaceholder} maxLength={100} {...form.register('name')} />
            )}
          </FormField>
          {refusal && (
            <p role="alert" className="text-sm text-destructive">
              {refusal}
            </p>
          )}
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending} disabled={blank}>
              Create
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

import { Trash2 } from 'lucide-react';
import type { CartView } from '@common/contracts/carts';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@client/components/ui/alert-dialog';
import { Button } from '@client/components/ui/button';
import { toast, TOAST_DURATION } from '@client/components/ui/use-toast';
import { useDeleteCart } from '../api/delete-cart';
import { toastCartError } from '../lib/cart-errors';

/** Beyond the spec: a dealer with many POs removes the ones they no longer need. */
export function DeleteCartButton({ cart }: { cart: CartView }) {
  const remove = useDeleteCart();
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Delete ${cart.name}`} loading={remove.isPending}>
          <Trash2 aria-hidden />
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete “{cart.name}”?</AlertDialogTitle>
          <AlertDialogDescription>
            {cart.totalItems > 0
              ? `It holds ${cart.totalItems} ${cart.totalItems === 1 ? 'item' : 'items'}. This cannot be undone.`
              : 'This cannot be undone.'}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            onClick={() =>
              remove.mutate(cart.id, {
                onSuccess: () => toast({ title: 'Cart Deleted', description: `"${cart.name}" was deleted.`, duration: TOAST_DURATION.short }),
                onError: (error) => toastCartError(error, 'Error Updating Cart'),
              })
            }
          >
            Delete
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

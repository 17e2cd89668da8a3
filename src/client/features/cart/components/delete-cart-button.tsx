import { Trash2 } from 'lucide-react';
import type { CartView } from '@common/contracts/carts';
import { cartProductCount, productsText } from '@common/domain/cart-rules';
import { ConfirmOnClick } from '@client/components/confirm-dialog';
import { Button } from '@client/components/ui/button';
import { toast, TOAST_DURATION } from '@client/components/ui/use-toast';
import { useDeleteCart } from '../api/delete-cart';
import { toastCartError } from '../lib/cart-errors';

/** Beyond the spec: a dealer with many POs removes the ones they no longer need. */
export function DeleteCartButton({ cart }: { cart: CartView }) {
  const remove = useDeleteCart();
  const products = cartProductCount(cart);
  return (
    <ConfirmOnClick
      trigger={
        <Button variant="ghost" size="icon" aria-label={`Delete ${cart.name}`}>
          <Trash2 aria-hidden />
        </Button>
      }
      title={`Delete “${cart.name}”?`}
      description={products > 0 ? `It holds ${productsText(products)}. This cannot be undone.` : 'This cannot be undone.'}
      onConfirm={() =>
        remove.mutateAsync(cart.id).then(
          () => toast({ title: 'PO Deleted', description: `"${cart.name}" was deleted.`, duration: TOAST_DURATION.short }),
          (error: unknown) => {
            toastCartError(error, 'Error Updating Cart');
            throw error;
          },
        )
      }
    />
  );
}

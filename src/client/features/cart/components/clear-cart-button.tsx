import { Eraser } from 'lucide-react';
import { ConfirmOnClick } from '@client/components/confirm-dialog';
import { Button } from '@client/components/ui/button';
import { toast, TOAST_DURATION } from '@client/components/ui/use-toast';
import { useClearCart } from '../api/clear-cart';
import { toastCartError } from '../lib/cart-errors';

/** Spec §2 Clear Cart: empties all five lists, after a confirmation (it cannot be undone). */
export function ClearCartButton({ cartId, cartName }: { cartId: number; cartName: string }) {
  const clear = useClearCart();
  return (
    <ConfirmOnClick
      trigger={
        <Button variant="outline">
          <Eraser aria-hidden />
          Clear Cart
        </Button>
      }
      title={`Clear “${cartName}”?`}
      description="Every product and merchandise item in it will be removed."
      confirmLabel="Clear Cart"
      pendingLabel="Clearing..."
      onConfirm={() =>
        clear.mutateAsync(cartId).then(
          () => toast({ title: 'Cart Cleared', description: 'Every item was removed.', duration: TOAST_DURATION.short }),
          (error: unknown) => {
            toastCartError(error, 'Error Clearing Cart');
            throw error;
          },
        )
      }
    />
  );
}

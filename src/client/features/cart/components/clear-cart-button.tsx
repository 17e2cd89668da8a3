import { Eraser } from 'lucide-react';
import { ConfirmOnClick } from '@client/components/confirm-dialog';
import { Button } from '@client/components/ui/button';
import { toast, TOAST_DURATION } from '@client/components/ui/use-toast';
import { useClearCart } from '../api/clear-cart';
import { toastCartError } from '../lib/cart-errors';

/**
 * Clear Cart, called "Clear PO" or "Clear sample order" (docs/decisions/0213): empties all
 * five lists, after a confirmation (it cannot be undone).
 */
export function ClearCartButton({ cartId, cartName, label }: { cartId: number; cartName: string; label: string }) {
  const clear = useClearCart();
  return (
    <ConfirmOnClick
      trigger={
        <Button variant="outline">
          <Eraser aria-hidden />
          {label}
        </Button>
      }
      title={`Clear “${cartName}”?`}
      description="Every product in it will be removed."
      confirmLabel={label}
      pendingLabel="Clearing..."
      onConfirm={() =>
        clear.mutateAsync(cartId).then(
          () => toast({ title: 'Cleared', description: `Every product was removed from “${cartName}”.`, duration: TOAST_DURATION.short }),
          (error: unknown) => {
            toastCartError(error, `Could not clear “${cartName}”`);
            throw error;
          },
        )
      }
    />
  );
}

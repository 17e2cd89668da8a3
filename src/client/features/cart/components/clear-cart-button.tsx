import { Eraser } from 'lucide-react';
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
import { useClearCart } from '../api/clear-cart';
import { toastCartError } from '../lib/cart-errors';

/** Spec §2 Clear Cart: empties all five lists, after a confirmation (it cannot be undone). */
export function ClearCartButton({ cartId, cartName }: { cartId: number; cartName: string }) {
  const clear = useClearCart();
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="outline" loading={clear.isPending}>
          <Eraser aria-hidden />
          Clear Cart
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Clear “{cartName}”?</AlertDialogTitle>
          <AlertDialogDescription>Every product and merchandise item in it will be removed.</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            onClick={() =>
              clear.mutate(cartId, {
                onSuccess: () => toast({ title: 'Cart Cleared', description: 'Every item was removed.', duration: TOAST_DURATION.short }),
                onError: (error) => toastCartError(error, 'Error Clearing Cart'),
              })
            }
          >
            Clear Cart
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

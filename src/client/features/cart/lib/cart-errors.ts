import { CART_MESSAGES } from '@common/domain/cart-rules';
import { errorMessage, isApiError } from '@client/lib/api-client';
import { toast } from '@client/components/ui/use-toast';

/**
 * Cart messages: a 401 is "Authentication Required", a missing cart is a
 * "Cart Error" (deleted in another tab), anything else gets the caller's title
 * with the server's sentence.
 */
export function toastCartError(error: unknown, title: string, fallback = 'There was an error with your cart. Please try again.') {
  if (isApiError(error) && error.status === 401) {
    toast({ title: 'Authentication Required', description: 'Please log in to create a cart or add items', variant: 'destructive' });
    return;
  }
  if (isApiError(error) && error.status === 404 && error.serverMessage === CART_MESSAGES.cartNotFound) {
    toast({ title: 'Cart Error', description: CART_MESSAGES.cartNotFound, variant: 'destructive' });
    return;
  }
  toast({ title, description: errorMessage(error, fallback), variant: 'destructive' });
}

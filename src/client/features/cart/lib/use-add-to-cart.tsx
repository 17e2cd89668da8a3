import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { CART_MESSAGES, cartDisplayName, cartWording } from '@common/domain/cart-rules';
import type { Role } from '@common/domain/permissions';
import { parseStockLevel } from '@common/domain/stock-level';
import { isApiError } from '@client/lib/api-client';
import { toast, TOAST_DURATION } from '@client/components/ui/use-toast';
import { useAddCartItem } from '../api/add-cart-item';
import { useActiveCart } from '@client/api/get-carts';
import { toastCartError } from './cart-errors';

export interface AddToCartProduct {
  id: number;
  name: string;
  stockLevel: string;
  /** Toast quantities are boxes; items sold by each are pieces. */
  soldBy?: string | null;
}

/**
 * Adding a product to the active cart with the spec's feedback: the Item Added
 * toast (2 s) with a way to the cart, Cannot add item for stock refusals, the
 * cart error toasts otherwise. Shared by every add control of the cart feature.
 */
export function useAddToCart(product: AddToCartProduct, activeRole: Role | null) {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const cart = useActiveCart();
  const add = useAddCartItem();

  const submit = (quantity: number, onAdded: () => void) => {
    const cartId = cart.data?.id;
    if (!cart.data || !cartId || quantity <= 0) return;
    // The PO the add goes to, named in the toast (never a silent add into the wrong PO).
    const poName = cartDisplayName(cart.data, activeRole);
    add.mutate(
      { cartId, productId: product.id, quantity },
      {
        onSuccess: () => {
          onAdded();
          toast({
            title: 'Item Added',
            description: CART_MESSAGES.itemAdded(quantity, product, poName),
            duration: TOAST_DURATION.itemAdded,
            action: {
              label: cartWording(activeRole).viewLabel,
              altText: `Open ${poName}`,
              onClick: () => {
                // Going to the cart from the add toast clears the cache and refetches.
                void queryClient.invalidateQueries();
                navigate('/cart');
              },
            },
          });
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 400 && parseStockLevel(product.stockLevel).kind !== 'fabrication') {
            toast({ title: 'Cannot add item', description: error.serverMessage ?? CART_MESSAGES.outOfStock(product.name), variant: 'destructive' });
            return;
          }
          toastCartError(error, 'Error Adding Item');
        },
      },
    );
  };

  return { submit, pending: add.isPending, ready: Boolean(cart.data), poName: cart.data ? cartDisplayName(cart.data, activeRole) : null };
}

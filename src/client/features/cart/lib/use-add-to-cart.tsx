import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { CART_MESSAGES, cartDisplayName, cartWording } from '@common/domain/cart-rules';
import type { Role } from '@common/domain/permissions';
import { backorderable } from '@common/domain/backorders';
import { parseStockLevel } from '@common/domain/stock-level';
import { isApiError } from '@client/lib/api-client';
import { toast, TOAST_DURATION } from '@client/components/ui/use-toast';
import { useAddCartItem } from '../api/add-cart-item';
import { cartBackordersQueryOptions } from '../api/get-cart-backorders';
import { useActiveCart } from '@client/api/get-carts';
import { toastCartError } from './cart-errors';

export interface AddToCartProduct {
  id: number;
  name: string;
  stockLevel: string;
  /** Toast quantities are boxes; items sold by each are pieces. */
  soldBy?: string | null;
  /** Boxes on incoming loads: a line past the stock may be a backorder (docs/decisions/0238). */
  quantityOnOrder?: number;
}

/** Whether a line of `quantity` may have gone past the stock onto incoming loads. */
function mayBeBackorder(product: AddToCartProduct, lineQuantity: number): boolean {
  if (!product.quantityOnOrder || !backorderable(product.stockLevel)) return false;
  return lineQuantity > (parseStockLevel(product.stockLevel).quantity ?? 0);
}

/**
 * Adding a product to the active cart with the spec's feedback: the Item Added
 * toast (2 s) with a way to the cart, Cannot add item for stock refusals, the
 * cart error toasts otherwise. Shared by every add control of the cart feature.
 * A line that went past the stock gets its split from GET /api/carts/{id}/backorders (the dates the
 * server promised, "47 about Dec 20 (on vessel)") through `onAdded`'s second call.
 */
export function useAddToCart(product: AddToCartProduct, activeRole: Role | null) {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const cart = useActiveCart();
  const add = useAddCartItem();

  const submit = (quantity: number, onAdded: (backorder?: string) => void) => {
    const cartId = cart.data?.id;
    if (!cart.data || !cartId || quantity <= 0) return;
    // The PO the add goes to, named in the toast (never a silent add into the wrong PO).
    const poName = cartDisplayName(cart.data, activeRole);
    add.mutate(
      { cartId, productId: product.id, quantity },
      {
        onSuccess: (item) => {
          onAdded();
          if (item && mayBeBackorder(product, item.quantity)) {
            queryClient
              .fetchQuery({ ...cartBackordersQueryOptions(cartId), staleTime: 0 })
              .then((answer) => {
                const text = answer.lines.find((line) => line.productId === product.id)?.text;
                if (text) onAdded(text);
              })
              // The add itself succeeded; the PO shows the split in any case.
              .catch(() => undefined);
          }
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

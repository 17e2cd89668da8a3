import { useQueryClient } from '@tanstack/react-query';
import { Check, CircleAlert, Clock } from 'lucide-react';
import { useId, useState } from 'react';
import { useLocation } from 'wouter';
import type { Role } from '@common/domain/permissions';
import { availabilityOf, CART_MESSAGES, cartWording, maxLineQuantity, parseQuantityInput } from '@common/domain/cart-rules';
import { isApiError } from '@client/lib/api-client';
import { cn } from '@client/lib/utils';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { toast, TOAST_DURATION } from '@client/components/ui/use-toast';
import { ToastAction } from '@client/components/ui/toast';
import { useAddCartItem } from '../api/add-cart-item';
import { useActiveCart } from '../api/get-carts';
import { toastCartError } from '../lib/cart-errors';

export interface AddToCartProduct {
  id: number;
  name: string;
  stockLevel: string;
  /** Spec §9: toast quantities are boxes; items sold by each are pieces. */
  soldBy?: string;
}

function quantityWords(quantity: number, soldBy: string | undefined): string {
  const each = soldBy?.trim().toLowerCase() === 'each';
  const unit = each ? (quantity === 1 ? 'piece' : 'pieces') : quantity === 1 ? 'box' : 'boxes';
  return `${quantity} ${unit} of`;
}

/**
 * The add of an expanded stock row (spec §2 Stock Check, §4 Stock row), built
 * here so the stock feature can receive it as a slot from src/client/app:
 * a quantity (min 1, at most the stock; non-numeric becomes 0) and an add
 * button, "Added to PO" / "Added to Sample Order" after a successful add
 * (typing clears it), the Item Added toast, and the row messages for
 * out-of-stock, special-order and fabrication items. The row unmounts it when
 * it closes, which resets the quantity and the added flag.
 */
export function AddToCartControl({ product, activeRole, className }: { product: AddToCartProduct; activeRole: Role | null; className?: string }) {
  const wording = cartWording(activeRole);
  const id = useId();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const cart = useActiveCart();
  const add = useAddCartItem();
  const [text, setText] = useState('1');
  const [added, setAdded] = useState(false);

  const availability = availabilityOf(product.stockLevel);
  const max = maxLineQuantity(product.stockLevel);
  if (max === null) {
    const message = availability.kind === 'special_order' ? CART_MESSAGES.specialOrder : CART_MESSAGES.outOfStockRow;
    return (
      <p className={cn('flex items-center gap-2 text-sm font-medium text-destructive', className)}>
        <CircleAlert className="size-4 shrink-0" aria-hidden />
        {message}
      </p>
    );
  }

  const quantity = parseQuantityInput(text);
  const tooMany = quantity > max;

  const submit = () => {
    const cartId = cart.data?.id;
    if (!cartId || quantity <= 0 || tooMany) return;
    add.mutate(
      { cartId, productId: product.id, quantity },
      {
        onSuccess: () => {
          setAdded(true);
          toast({
            title: 'Item Added',
            description: `Added ${quantityWords(quantity, product.soldBy)} ${product.name} to cart`,
            duration: TOAST_DURATION.itemAdded,
            action: (
              <ToastAction
                altText="View cart"
                onClick={() => {
                  // Spec §7: going to the cart from the add toast clears the cache and refetches.
                  void queryClient.invalidateQueries();
                  navigate('/cart');
                }}
              >
                View Cart
              </ToastAction>
            ),
          });
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 400 && availabilityOf(product.stockLevel).kind !== 'fabrication') {
            toast({ title: 'Cannot add item', description: error.serverMessage ?? CART_MESSAGES.outOfStock(product.name), variant: 'destructive' });
            return;
          }
          toastCartError(error, 'Error Adding Item');
        },
      },
    );
  };

  return (
    <div className={cn('flex flex-col gap-2', className)}>
      {availability.kind === 'fabrication' && (
        <p className="flex items-center gap-2 text-sm font-medium text-warning">
          <Clock className="size-4 shrink-0" aria-hidden />
          {CART_MESSAGES.fabrication}
        </p>
      )}
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <div className="grid gap-1">
          <label htmlFor={`${id}-qty`} className="text-xs font-medium text-muted-foreground">
            Quantity
          </label>
          <Input
            id={`${id}-qty`}
            type="number"
            inputMode="numeric"
            min={1}
            max={max}
            step={1}
            className="nums w-24"
            value={text}
            aria-invalid={tooMany || undefined}
            aria-describedby={tooMany ? `${id}-limit` : undefined}
            onChange={(e) => {
              setText(e.target.value);
              setAdded(false);
            }}
          />
        </div>
        {added ? (
          <p role="status" className="flex h-11 items-center gap-2 rounded-md bg-success-soft px-3 text-sm font-semibold text-success md:h-10">
            <Check className="size-4" aria-hidden />
            {wording.addedLabel}
          </p>
        ) : (
          <Button type="submit" disabled={quantity <= 0 || tooMany || !cart.data} loading={add.isPending}>
            {wording.kind === 'sample' ? 'Add to Sample Order' : 'Add to PO'}
          </Button>
        )}
      </form>
      {tooMany && (
        <p id={`${id}-limit`} className="text-sm text-destructive">
          {CART_MESSAGES.stockLimit(max, product.name)}
        </p>
      )}
    </div>
  );
}

import { Check, CircleAlert, Clock } from 'lucide-react';
import { useId, useState } from 'react';
import type { Role } from '@common/domain/permissions';
import { CART_MESSAGES, cartWording, parseQuantityInput } from '@common/domain/cart-rules';
import { parseStockLevel } from '@common/domain/stock-level';
import { cn } from '@client/lib/utils';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { useAddToCart, type AddToCartProduct } from '../lib/use-add-to-cart';

export type { AddToCartProduct };

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
  const addToCart = useAddToCart(product);
  const [text, setText] = useState('1');
  const [added, setAdded] = useState(false);

  const availability = parseStockLevel(product.stockLevel);
  const max = availability.maxQuantity;
  if (!availability.orderable) {
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
    if (tooMany) return;
    addToCart.submit(quantity, () => setAdded(true));
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
          <Button type="submit" disabled={quantity <= 0 || tooMany || !addToCart.ready} loading={addToCart.pending}>
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

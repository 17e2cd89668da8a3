import { useId, useState } from 'react';
import type { CartView } from '@common/contracts/carts';
import { cartProductCount, productsText } from '@common/domain/cart-rules';
import { describePriceSource } from '@common/domain/contract-prices';
import { formatDateTime } from '@common/domain/format-date';
import { formatCents, formatPrice, lineTotalCents } from '@common/domain/money';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { toast } from '@client/components/ui/use-toast';
import { errorMessage } from '@client/lib/api-client';
import { useAddCartItem } from '../api/add-cart-item';
import { useSharedCarts } from '../api/company-po';

/**
 * POs the company's other buyers shared (docs/decisions/0233): each with its owner and lines, and a
 * SKU and quantity to add to it. Renaming, changing lines and deleting stay the owner's.
 */
export function SharedPos() {
  const shared = useSharedCarts(true);
  if (!shared.isSuccess || shared.data.length === 0) return null;
  return (
    <section aria-labelledby="shared-pos" className="mt-8 grid gap-3">
      <h2 id="shared-pos" className="text-lg font-semibold">
        Shared by your company
      </h2>
      <ul className="grid gap-3">
        {shared.data.map((cart) => (
          <SharedPo key={cart.id} cart={cart} />
        ))}
      </ul>
    </section>
  );
}

function SharedPo({ cart }: { cart: CartView }) {
  const id = useId();
  const add = useAddCartItem();
  const [sku, setSku] = useState('');
  const [quantity, setQuantity] = useState('1');
  const total = cart.items.reduce((sum, i) => sum + (lineTotalCents(i.product.price, i.quantity) ?? 0), 0);
  const submit = () => {
    const productId = Number(sku.trim());
    const boxes = Number(quantity);
    if (!Number.isInteger(productId) || productId <= 0 || !Number.isInteger(boxes) || boxes < 1) {
      toast({ title: 'Not added', description: 'Enter a SKU and a whole quantity of at least 1.', variant: 'destructive' });
      return;
    }
    add.mutate(
      { cartId: cart.id, productId, quantity: boxes },
      {
        onSuccess: () => {
          setSku('');
          toast({ title: 'Added', description: `Added ${boxes} of SKU ${productId} to ${cart.name}`, variant: 'success' });
        },
        onError: (error) => toast({ title: 'Not added', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
      },
    );
  };
  return (
    <li className="grid gap-3 rounded-card border border-border bg-surface p-4 shadow-xs">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-medium">
          {cart.name} <span className="text-sm font-normal text-muted-foreground">· {cart.ownerName ?? 'A colleague'}</span>
        </p>
        <p className="nums text-sm text-muted-foreground">
          {productsText(cartProductCount(cart))} · {formatCents(total)} · {formatDateTime(cart.lastModified)}
        </p>
      </div>
      {cart.items.length > 0 && (
        <ul className="grid gap-1 text-sm" aria-label={`Lines of ${cart.name}`}>
          {cart.items.map((item) => (
            <li key={item.id} className="flex justify-between gap-3">
              <span className="min-w-0">
                <span className="nums font-medium">{item.quantity} x</span> {item.product.name}
                <span className="nums block text-xs text-muted-foreground">
                  SKU {item.productId} · {formatPrice(item.product.price)}
                  {item.priceSource ? ` · ${describePriceSource(item.priceSource)}` : ''}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
      {cart.approvalStatus === 'pending' ? (
        <p className="text-sm text-muted-foreground">Waiting for approval: nothing can be added.</p>
      ) : (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <div className="grid gap-1">
            <Label htmlFor={`${id}-sku`}>SKU</Label>
            <Input id={`${id}-sku`} inputMode="numeric" className="w-28" value={sku} onChange={(e) => setSku(e.target.value)} />
          </div>
          <div className="grid gap-1">
            <Label htmlFor={`${id}-qty`}>Quantity</Label>
            <Input id={`${id}-qty`} inputMode="numeric" className="w-20" value={quantity} onChange={(e) => setQuantity(e.target.value)} />
          </div>
          <Button type="submit" variant="outline" loading={add.isPending}>
            Add to {cart.name}
          </Button>
        </form>
      )}
    </li>
  );
}

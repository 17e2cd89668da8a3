import type { ReactNode } from 'react';
import type { CartView } from '@common/contracts/carts';
import { MERCHANDISE_LISTS, merchandiseTitle } from '@common/domain/cart-rules';
import { formatCents, lineTotalCents } from '@common/domain/money';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';

function formatLineTotal(price: string | null, quantity: number): string {
  return formatCents(lineTotalCents(price, quantity));
}

/**
 * Order Summary: quantity x product name (the SKU only for
 * salespeople), then displays, labels (line plus name), price lists and
 * handboards with a quantity above 0. Non-salespeople also see the total.
 */
export function OrderSummary({
  cart,
  isSalesperson,
  children,
  className,
}: {
  cart: CartView;
  isSalesperson: boolean;
  children?: ReactNode;
  className?: string;
}) {
  let totalCents = 0;
  let hasCall = false;
  for (const item of cart.items) {
    const line = lineTotalCents(item.product.price, item.quantity);
    if (line === null) hasCall = true;
    else totalCents += line;
  }
  const merchandise = MERCHANDISE_LISTS.flatMap((list) =>
    cart[list.key].filter((m) => m.quantity > 0).map((m) => ({ ...m, list: list.singular })),
  );

  return (
    <Card className={className}>
      <CardHeader className="pb-3 sm:pb-3">
        <CardTitle>Order Summary</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <ul className="flex flex-col gap-2 text-sm" aria-label="Order lines">
          {cart.items.map((item) => (
            <li key={item.id} className="flex justify-between gap-3">
              <span className="min-w-0">
                <span className="nums font-medium">{item.quantity} x</span> {item.product.name}
                {isSalesperson && <span className="nums block text-xs text-muted-foreground">SKU {item.product.id}</span>}
              </span>
              {!isSalesperson && (
                <span className="nums shrink-0">{formatLineTotal(item.product.price, item.quantity)}</span>
              )}
            </li>
          ))}
          {merchandise.map((m) => (
            <li key={`${m.type}:${m.code}`} className="flex justify-between gap-3">
              <span className="min-w-0">
                <span className="nums font-medium">{m.quantity} x</span> {merchandiseTitle(m)}
                <span className="block text-xs text-muted-foreground">{m.list}</span>
              </span>
            </li>
          ))}
          {cart.totalItems === 0 && <li className="text-muted-foreground">Nothing to order yet.</li>}
        </ul>
        {!isSalesperson && cart.items.length > 0 && (
          <div className="flex items-baseline justify-between border-t border-border pt-3">
            <span className="font-semibold">Total</span>
            <span className="nums text-lg font-semibold">{formatCents(totalCents)}</span>
          </div>
        )}
        {!isSalesperson && hasCall && (
          <p className="text-xs text-muted-foreground">Plus items priced on request (CALL); we will confirm their price.</p>
        )}
        {children}
      </CardContent>
    </Card>
  );
}

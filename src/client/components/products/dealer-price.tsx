import type { Product } from '@common/contracts/products';
import { formatPrice } from '@common/domain/money';
import { isSoldByEach } from '@common/domain/units';
import { differsFromBase, type DealerPrice } from '@client/lib/products/dealer-prices';
import { cn } from '@client/lib/utils';

/**
 * A price as the dealer pays it (docs/decisions/0232): "$8.40" with the list it came from
 * ("Contract 2026"), the base price struck through, and the quantity breaks ("100+ boxes $7.90").
 * Without a dealer price, the product's own price alone. `product.price` is already the dealer's
 * (withDealerPrices); `dealer` says where it came from.
 */
export function DealerPriceText({
  product,
  dealer,
  className,
  compact = false,
  align = 'end',
  per,
}: {
  product: Product;
  dealer: DealerPrice | undefined;
  className?: string;
  /** One line (tables): the breaks are left to the open row. */
  compact?: boolean;
  align?: 'start' | 'end';
  /** The unit after the price: "per box". */
  per?: string;
}) {
  const unit = isSoldByEach(product.soldBy) ? 'pieces' : 'boxes';
  const struck = dealer && differsFromBase(dealer);
  return (
    <span
      className={cn('nums inline-grid gap-0.5', align === 'end' ? 'justify-items-end text-right' : 'justify-items-start', className)}
      data-testid="dealer-price"
    >
      <span className={cn('flex flex-wrap items-baseline gap-x-1.5', align === 'end' && 'justify-end')}>
        <span>
          <span className="font-semibold">{formatPrice(product.price)}</span>
          {per && <span className="text-xs font-normal text-muted-foreground"> per {per}</span>}
        </span>
        {struck && (
          <del className="text-xs font-normal text-muted-foreground">
            <span className="sr-only">base price </span>
            {formatPrice(dealer.basePrice)}
          </del>
        )}
      </span>
      {dealer?.listName && <span className="text-xs font-normal text-muted-foreground">{dealer.listName}</span>}
      {!compact &&
        dealer?.breaks.map((step) => (
          <span key={step.from} className="text-xs font-normal">
            {step.from}+ {unit} <span className="font-semibold">{formatPrice(step.price)}</span>
            {step.listName && step.listName !== dealer.listName && <span className="text-muted-foreground"> ({step.listName})</span>}
          </span>
        ))}
    </span>
  );
}

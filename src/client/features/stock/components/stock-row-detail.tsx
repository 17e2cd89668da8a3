import { useEffect, useRef, type ReactNode } from 'react';
import type { Product } from '@common/contracts/products';
import { formatPrice } from '@common/domain/money';
import { DealerPriceText } from '@client/components/products/dealer-price';
import type { DealerPrice } from '@client/lib/products/dealer-prices';
import { parseStockLevel } from '@common/domain/stock-level';
import { describeCoverage, describeIncoming, describeQuantity, isSoldByEach } from '@common/domain/units';
import { ProductLots, useLargestLot } from './product-lots';
import { StockAddRow, type RenderStockAddAction } from './stock-add-row';
import { StockStateBadge } from './stock-state';

export type { RenderStockAddAction, StockAddActionProps } from './stock-add-row';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid content-start gap-1">
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="nums text-sm">{children}</dd>
    </div>
  );
}

/**
 * The open stock row: stock level in its colour with its word,
 * coverage and units, what is on order, the price (a role without view_prices sees the SKU
 * instead), then the row message, quantity and add (StockAddRow, shared with the
 * catalog card). Closing the row unmounts this, which resets the quantity and the added flag.
 */
export function StockRowDetail({
  product,
  showPrice,
  dealer,
  renderAddAction,
}: {
  product: Product;
  showPrice: boolean;
  /** Where the dealer's price came from (docs/decisions/0232); `product.price` is already theirs. */
  dealer?: DealerPrice;
  renderAddAction?: RenderStockAddAction;
}) {
  const availability = parseStockLevel(product.stockLevel);
  const state = availability.kind;
  const amount = availability.quantity ? describeQuantity(availability.quantity, product) : null;
  const each = isSoldByEach(product.soldBy);
  const largestLot = useLargestLot(product.id);
  const incoming = product.quantityOnOrder > 0 ? describeIncoming(product.quantityOnOrder, product) : null;
  const addRef = useRef<HTMLDivElement>(null);
  // docs/decisions/0213: on a phone the add (Add to Sample Order) comes first in the open row and
  // is scrolled into view when the row opened near the bottom, never left below the fold.
  useEffect(() => {
    const element = addRef.current;
    if (!element || typeof element.scrollIntoView !== 'function') return;
    const { bottom } = element.getBoundingClientRect();
    if (bottom > window.innerHeight) element.scrollIntoView({ block: 'nearest' });
  }, []);

  return (
    <div className="grid gap-4">
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-4">
        <Fact label="Stock level">
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <StockStateBadge state={state} />
            {amount && (
              <span>
                <span className="font-semibold">{amount.primary}</span>
                {amount.secondary && <span className="text-muted-foreground"> · {amount.secondary}</span>}
              </span>
            )}
          </span>
        </Fact>
        <Fact label="Coverage">{describeCoverage(product)}</Fact>
        {/* docs/decisions/0213: "60 boxes arriving", the lots summary's words, never "930.00 sq ft" alone. */}
        <Fact label="Incoming">
          {incoming ? (
            <>
              <span className="font-semibold">{incoming.primary}</span>
              {incoming.secondary && <span className="block text-xs text-muted-foreground">{incoming.secondary}</span>}
            </>
          ) : (
            'Nothing incoming'
          )}
        </Fact>
        {showPrice ? (
          <Fact label="Price">
            <DealerPriceText product={product} dealer={dealer} align="start" per={each ? 'piece' : 'box'} />
            {!each && product.pricePerSqft !== undefined && (
              <span className="block text-muted-foreground">{formatPrice(product.pricePerSqft)} per sq ft</span>
            )}
          </Fact>
        ) : (
          <Fact label="SKU">
            <span className="font-semibold">{product.id}</span>
          </Fact>
        )}
      </dl>
      <ProductLots product={product} />
      <div ref={addRef} className="max-sm:order-first" data-testid="stock-add">
        <StockAddRow product={product} renderAddAction={renderAddAction} largestLot={largestLot} />
      </div>
    </div>
  );
}

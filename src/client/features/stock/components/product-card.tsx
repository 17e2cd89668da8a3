import type { Product } from '@common/contracts/products';
import { DealerPriceText } from '@client/components/products/dealer-price';
import type { DealerPrice } from '@client/lib/products/dealer-prices';
import { parseStockLevel } from '@common/domain/stock-level';
import { STOCK_STATE_LABEL } from '@common/domain/stock-status';
import { sellingUnit } from '@common/domain/units';
import { CardLots } from './card-lots';
import { StockAddRow, type RenderStockAddAction } from './stock-add-row';
import { StockStateBadge } from './stock-state';
import { TileSwatch } from './tile-swatch';

/**
 * Product Catalog card: image, name, description, price and the stock badge,
 * which tells the five states apart (a special-order item is not "Out of
 * Stock"), then quantity and add, the same control as the stock row.
 */
export function ProductCard({
  product,
  dealer,
  renderAddAction,
}: {
  product: Product;
  /** Where the dealer's price came from (docs/decisions/0232); `product.price` is already theirs. */
  dealer?: DealerPrice;
  renderAddAction?: RenderStockAddAction;
}) {
  const state = parseStockLevel(product.stockLevel).kind;
  return (
    // Phones: a thumbnail beside the text, so a screen holds several tiles; wider: the swatch on top.
    <article className="flex h-full overflow-hidden rounded-card border border-border bg-surface shadow-xs max-sm:min-h-36 sm:flex-col">
      <TileSwatch product={product} className="w-28 shrink-0 sm:aspect-[4/3] sm:w-full" />
      <div className="flex min-w-0 flex-1 flex-col gap-2 p-3 sm:p-4">
        <div className="flex flex-col-reverse items-start gap-1.5 sm:flex-row sm:justify-between sm:gap-2">
          <h2 className="text-sm leading-snug font-semibold">{product.name}</h2>
          <StockStateBadge state={state} label={STOCK_STATE_LABEL[state]} className="shrink-0" />
        </div>
        <p className="line-clamp-2 text-sm text-muted-foreground">{product.description}</p>
        <div className="mt-auto flex items-end justify-between gap-2 pt-1">
          {product.price !== undefined && (
            <p>
              <DealerPriceText product={product} dealer={dealer} align="start" className="text-base" per={sellingUnit(product.soldBy).toLowerCase()} />
            </p>
          )}
          <span className="nums text-xs text-muted-foreground">SKU {product.id}</span>
        </div>
        <CardLots product={product} />
        {renderAddAction && <StockAddRow compact product={product} renderAddAction={renderAddAction} />}
      </div>
    </article>
  );
}

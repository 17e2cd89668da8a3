import { CalendarClock, Info } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import type { Product } from '@common/contracts/products';
import { backorderable } from '@common/domain/backorders';
import { parseStockLevel } from '@common/domain/stock-level';
import { stockRowMessage } from '@common/domain/stock-status';
import { parseQuantityInput } from '@common/domain/cart-rules';
import { isSoldByEach } from '@common/domain/units';
import { LOT_MESSAGES } from '@common/domain/lots';
import { cn } from '@client/lib/utils';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { useProductAvailability } from '@client/api/get-product-availability';
import { backorderOffer } from '../lib/backorder-offer';
import { SqftCalculator } from './sqft-calculator';

/** What the app passes in to add a product (the carts feature; composed in src/client/app). */
export interface StockAddActionProps {
  product: Product;
  quantity: number;
  /** A quantity of 1 or more, and in stock, fabrication, or out of stock with a load due (a backorder). */
  canAdd: boolean;
  /**
   * After a successful add the row shows `label` (Added to PO / Added to Sample Order) until the quantity
   * changes; `backorder` is the PO line's split as the server answered it, "47 about Dec 20 (on vessel)".
   */
  onAdded: (label: string, backorder?: string) => void;
}
export type RenderStockAddAction = (props: StockAddActionProps) => ReactNode;

/**
 * The one way to order from the catalogue: the stock table's open row and the
 * catalog card both use it. The row message, a quantity (min 1; non-numeric
 * becomes 0) and the cart feature's add button; after an add, Added to PO / Added to
 * Sample Order until the quantity changes. Unmounting resets it.
 *
 * Past the stock, a counted SKU with a load due is offered as a backorder (docs/decisions/0243):
 * "Arrives about Dec 20: order now, ships when it lands", and after the add the line's split.
 * The loads are asked for only then (a page of catalog cards must not cost a request per card).
 */
export function StockAddRow({
  product,
  renderAddAction,
  compact = false,
  largestLot,
}: {
  product: Product;
  renderAddAction?: RenderStockAddAction;
  /** The catalog card: a smaller message, the input and button on one line. */
  compact?: boolean;
  /** The SKU's largest single lot: a quantity above it gets the one-lot warning before it is added. */
  largestLot?: { lot: string; quantity: number } | null;
}) {
  const quantityId = useId();
  const [quantity, setQuantity] = useState(1);
  const offerId = useId();
  const [added, setAdded] = useState<{ label: string; backorder?: string } | null>(null);
  // The same reading the server enforces; a quantity above the stock gets its "Only N in stock" answer.
  const availability = parseStockLevel(product.stockLevel);
  const pastStock = availability.kind === 'out_of_stock' || (availability.quantity !== null && quantity > availability.quantity);
  const mayBackorder = pastStock && product.quantityOnOrder > 0 && backorderable(product.stockLevel);
  const loads = useProductAvailability(product.id, mayBackorder).data?.incoming;
  const offer = mayBackorder && loads ? backorderOffer(product.stockLevel, quantity, loads) : null;
  const message = offer && availability.kind === 'out_of_stock' ? null : stockRowMessage(availability.kind);
  const addable = availability.orderable || offer !== null;
  const canAdd = quantity >= 1 && addable;
  const changeQuantity = (next: number) => {
    setQuantity(next);
    setAdded(null);
  };

  return (
    <div className={cn('grid', compact ? 'gap-2' : 'gap-4')}>
      {message && (
        <p className={cn('flex items-start gap-2 text-muted-foreground', compact ? 'text-xs' : 'text-sm')}>
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
          {message}
        </p>
      )}
      {offer && (
        <p
          id={offerId}
          aria-live="polite"
          className={cn('flex items-start gap-2 font-medium', offer.covered ? 'text-foreground' : 'text-warning', compact ? 'text-xs' : 'text-sm')}
          data-testid="backorder-offer"
        >
          <CalendarClock className="mt-0.5 size-4 shrink-0" aria-hidden />
          {offer.text}
        </p>
      )}
      {(addable || !compact) && (
        <div className="flex flex-wrap items-end gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor={quantityId} className="text-xs text-muted-foreground">
              Quantity ({isSoldByEach(product.soldBy) ? 'pieces' : 'boxes'})
            </Label>
            <Input
              id={quantityId}
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              value={quantity}
              disabled={!addable}
              aria-describedby={offer ? offerId : undefined}
              onChange={(event) => changeQuantity(parseQuantityInput(event.target.value))}
              className={cn('nums', compact ? 'w-20' : 'w-28')}
            />
          </div>
          {largestLot && quantity > largestLot.quantity && (
            <p role="status" className="w-full text-sm font-medium text-warning sm:order-last">
              {LOT_MESSAGES.noSingleLot(quantity, largestLot.quantity > 0 ? largestLot : null)}
            </p>
          )}
          {added ? (
            <p role="status" className="grid min-w-0 pb-2.5 text-sm font-semibold text-success">
              {added.label}
              {added.backorder && (
                <span className="nums font-medium text-foreground" data-testid="added-backorder">
                  Backorder: {added.backorder}
                </span>
              )}
            </p>
          ) : (
            renderAddAction?.({ product, quantity, canAdd, onAdded: (label, backorder) => setAdded({ label, backorder }) })
          )}
        </div>
      )}
      {addable && (
        <SqftCalculator
          product={product}
          compact={compact}
          onBoxes={changeQuantity}
        />
      )}
    </div>
  );
}

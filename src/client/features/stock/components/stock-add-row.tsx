import { Info } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import type { Product } from '@common/contracts/products';
import { parseStockLevel } from '@common/domain/stock-level';
import { stockRowMessage } from '@common/domain/stock-status';
import { parseQuantityInput } from '@common/domain/cart-rules';
import { isSoldByEach } from '@common/domain/units';
import { LOT_MESSAGES } from '@common/domain/lots';
import { cn } from '@client/lib/utils';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { SqftCalculator } from './sqft-calculator';

/** What the app passes in to add a product (the carts feature; composed in src/client/app). */
export interface StockAddActionProps {
  product: Product;
  quantity: number;
  /** A quantity of 1 or more, and not out of stock or special order only. */
  canAdd: boolean;
  /** After a successful add the row shows `label` (Added to PO / Added to Sample Order) until the quantity changes. */
  onAdded: (label: string) => void;
}
export type RenderStockAddAction = (props: StockAddActionProps) => ReactNode;

/**
 * The one way to order from the catalogue: the stock table's open row and the
 * catalog card both use it. The row message, a quantity (min 1; non-numeric
 * becomes 0) and the cart feature's add button; after an add, Added to PO / Added to
 * Sample Order until the quantity changes. Unmounting resets it.
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
  const [addedLabel, setAddedLabel] = useState<string | null>(null);
  // The same reading the server enforces; a quantity above the stock gets its "Only N in stock" answer.
  const availability = parseStockLevel(product.stockLevel);
  const message = stockRowMessage(availability.kind);
  const addable = availability.orderable;
  const canAdd = quantity >= 1 && addable;

  return (
    <div className={cn('grid', compact ? 'gap-2' : 'gap-4')}>
      {message && (
        <p className={cn('flex items-start gap-2 text-muted-foreground', compact ? 'text-xs' : 'text-sm')}>
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
          {message}
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
              onChange={(event) => {
                setQuantity(parseQuantityInput(event.target.value));
                setAddedLabel(null);
              }}
              className={cn('nums', compact ? 'w-20' : 'w-28')}
            />
          </div>
          {largestLot && quantity > largestLot.quantity && (
            <p role="status" className="w-full text-sm font-medium text-warning sm:order-last">
              {LOT_MESSAGES.noSingleLot(quantity, largestLot.quantity > 0 ? largestLot : null)}
            </p>
          )}
          {addedLabel ? (
            <p role="status" className="pb-2.5 text-sm font-semibold text-success">
              {addedLabel}
            </p>
          ) : (
            renderAddAction?.({ product, quantity, canAdd, onAdded: setAddedLabel })
          )}
        </div>
      )}
      {addable && (
        <SqftCalculator
          product={product}
          compact={compact}
          onBoxes={(boxes) => {
            setQuantity(boxes);
            setAddedLabel(null);
          }}
        />
      )}
    </div>
  );
}

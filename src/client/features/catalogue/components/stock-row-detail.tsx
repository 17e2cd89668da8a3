import { Info } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import type { Product } from '@common/contracts/products';
import { formatPrice } from '@common/domain/money';
import { parseStockLevel } from '@common/domain/stock-level';
import { stockRowMessage } from '@common/domain/stock-status';
import { describeCoverage, describeOnOrder, describeQuantity, isSoldByEach, parseQuantityInput } from '@common/domain/units';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { StockStateBadge } from './stock-state';

/** What the app passes in to add a product (the carts feature; composed in src/client/app). */
export interface StockAddActionProps {
  product: Product;
  quantity: number;
  /** Spec §4/§5: a quantity of 1 or more, and not out of stock or special order only. */
  canAdd: boolean;
  /** After a successful add the row shows `label` (Added to PO / Added to Sample Order) until the quantity changes. */
  onAdded: (label: string) => void;
}
export type RenderStockAddAction = (props: StockAddActionProps) => ReactNode;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid content-start gap-1">
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="nums text-sm">{children}</dd>
    </div>
  );
}

/**
 * The open stock row (spec §2, §4, §9): stock level in its colour with its word,
 * coverage and units, what is on order, the price (salespeople see the SKU
 * instead), the row message, and a quantity input (min 1; non-numeric becomes 0).
 * Closing the row unmounts this, which resets the quantity and the added flag.
 */
export function StockRowDetail({
  product,
  showPrice,
  renderAddAction,
}: {
  product: Product;
  showPrice: boolean;
  renderAddAction?: RenderStockAddAction;
}) {
  const quantityId = useId();
  const [quantity, setQuantity] = useState(1);
  const [addedLabel, setAddedLabel] = useState<string | null>(null);
  const availability = parseStockLevel(product.stockLevel);
  const state = availability.kind;
  const amount = availability.quantity ? describeQuantity(availability.quantity, product) : null;
  const message = stockRowMessage(state);
  const each = isSoldByEach(product.soldBy);
  // The same reading the server enforces; a quantity above the stock is left to its "Only N in stock" answer.
  const canAdd = availability.orderable && quantity >= 1;

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
        <Fact label="On order">{product.quantityOnOrder > 0 ? describeOnOrder(product.quantityOnOrder, product) : 'Nothing on order'}</Fact>
        {showPrice ? (
          <Fact label="Price">
            <span className="font-semibold">{formatPrice(product.price)}</span>
            <span className="text-muted-foreground"> per {each ? 'piece' : 'box'}</span>
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
      {message && (
        <p className="flex items-start gap-2 text-sm text-muted-foreground">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
          {message}
        </p>
      )}
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor={quantityId} className="text-xs text-muted-foreground">
            Quantity ({each ? 'pieces' : 'boxes'})
          </Label>
          <Input
            id={quantityId}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={quantity}
            onChange={(event) => {
              setQuantity(parseQuantityInput(event.target.value));
              setAddedLabel(null);
            }}
            className="nums w-28"
          />
        </div>
        {addedLabel ? (
          <p role="status" className="pb-2.5 text-sm font-semibold text-success">
            {addedLabel}
          </p>
        ) : (
          renderAddAction?.({ product, quantity, canAdd, onAdded: setAddedLabel })
        )}
      </div>
    </div>
  );
}

import { Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { CartItem } from '@common/contracts/carts';
import { CART_MESSAGES } from '@common/domain/cart-rules';
import { MAX_LINE_QUANTITY, parseStockLevel, type StockAvailability } from '@common/domain/stock-level';
import { formatCents, formatPrice, lineTotalCents } from '@common/domain/money';
import { describePriceSource } from '@common/domain/contract-prices';
import { sellingUnit } from '@common/domain/units';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { QuantityStepper } from '@client/components/quantity-stepper';
import { formatCount } from '@common/domain/format';

function details(item: CartItem): string {
  const p = item.product;
  return [`SKU ${p.id}`, p.size, p.color, p.finish].filter(Boolean).join(' · ');
}

function stockNote(availability: StockAvailability): string {
  if (availability.kind === 'fabrication') return CART_MESSAGES.fabrication;
  if (availability.kind === 'out_of_stock') return 'Now out of stock: remove it before ordering';
  if (availability.kind === 'special_order') return 'Now special order only: remove it before ordering';
  return `${formatCount(availability.quantity)} in stock`;
}

/**
 * The line's unit price; from a contract list, the base price struck through and where the price came
 * from ("Contract 2026, 100+ boxes"), the break the line's quantity reaches (docs/decisions/0233).
 */
function LinePrice({ item }: { item: CartItem }) {
  const unit = sellingUnit(item.product.soldBy).toLowerCase();
  const source = describePriceSource(item.priceSource ?? null, `${unit === 'box' ? 'boxes' : `${unit}s`}`);
  const showBase = source !== null && item.basePrice !== undefined && item.basePrice !== item.product.price;
  return (
    <p className="nums text-sm text-muted-foreground">
      <span className="font-medium text-foreground">{formatPrice(item.product.price)}</span> per {unit}
      {showBase && (
        <>
          {' '}
          <s aria-label={`base price ${formatPrice(item.basePrice ?? null)}`}>{formatPrice(item.basePrice ?? null)}</s>
        </>
      )}
      {source && <span className="block text-xs sm:inline sm:before:content-['_·_']">{source}</span>}
    </p>
  );
}

/** A product line of the cart (Cart): quantity 1..stock, remove; prices only for non-salespeople. */
export function CartLineItem({
  item,
  showPrices,
  onQuantity,
  onRemove,
  busy,
  lots,
  moveAction,
  priceNote,
  locked = false,
  waiting = false,
  cap,
}: {
  item: CartItem;
  showPrices: boolean;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
  busy?: boolean;
  /** The line's lots and one-lot switch, for a SKU with lots. */
  lots?: ReactNode;
  /** "Move to…" another PO, beside Remove. */
  moveAction?: ReactNode;
  /** Old → new price after an order refused because prices changed (docs/decisions/0206). */
  priceNote?: ReactNode;
  /** Waiting for approval: the line cannot change (docs/decisions/0233). */
  locked?: boolean;
  /** A rep's change to this line waits on the device to be sent (docs/decisions/0239). */
  waiting?: boolean;
  /** Stock + what incoming loads can still promise, when loads let the line pass the stock (docs/decisions/0238). */
  cap?: number;
}) {
  const availability = parseStockLevel(item.product.stockLevel);
  const backordered = cap !== undefined && cap > availability.maxQuantity;
  const unorderable = !availability.orderable && !backordered;
  const max = backordered ? cap : unorderable ? Math.min(item.quantity, MAX_LINE_QUANTITY) : availability.maxQuantity;
  const total = lineTotalCents(item.product.price, item.quantity);
  // CALL lines have no total; the price column says so.
  const note = backordered ? `${formatCount(availability.quantity ?? 0)} in stock, up to ${formatCount(cap)} with incoming loads` : stockNote(availability);
  // More than the stock is held at the stock, and the line says why.
  const [limitNote, setLimitNote] = useState<string | null>(null);
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <p className="font-medium">
          {item.product.name}
          {waiting && (
            <Badge variant="warning" className="ml-2 align-middle">
              Waiting to send
            </Badge>
          )}
        </p>
        <p className="nums text-sm text-muted-foreground">{details(item)}</p>
        <p className={unorderable ? 'text-sm font-medium text-destructive' : 'text-xs text-muted-foreground'}>{note}</p>
        {limitNote && (
          <p role="status" className="text-sm font-medium text-destructive">
            {limitNote}
          </p>
        )}
        {showPrices && <LinePrice item={item} />}
        {priceNote}
        {lots}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-2 sm:flex-nowrap sm:justify-end sm:gap-3">
        <QuantityStepper
          value={item.quantity}
          min={1}
          max={Math.max(max, 1)}
          label={`Quantity of ${item.product.name}`}
          onChange={(quantity) => {
            setLimitNote(null);
            onQuantity(quantity);
          }}
          onAboveMax={(limit) => setLimitNote(backordered ? `Only ${formatCount(limit)} in stock and on incoming loads` : `Only ${formatCount(limit)} in stock`)}
          disabled={busy || locked}
        />
        {showPrices && (
          <span className="nums w-24 text-right font-medium">{formatCents(total)}</span>
        )}
        {moveAction}
        {!locked && (
          <Button variant="ghost" size="icon" aria-label={`Remove ${item.product.name}`} onClick={onRemove} className="print:hidden">
            <Trash2 aria-hidden />
          </Button>
        )}
      </div>
    </li>
  );
}

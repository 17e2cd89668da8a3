import { Trash2 } from 'lucide-react';
import type { CartMerchandiseEntry } from '@common/contracts/carts';
import { MAX_LINE_QUANTITY } from '@common/domain/stock-level';
import { merchandiseTitle } from '@common/domain/cart-rules';
import { Button } from '@client/components/ui/button';
import { QuantityStepper } from '@client/components/quantity-stepper';

/**
 * A display, label, price list or handboard in the cart: quantity from 0 (which removes it)
 * and a labelled remove button on every list (gave one to handboards only;
 * docs/decisions/0213: displays, labels and price lists had no way out but the stepper).
 */
export function MerchandiseLine({
  entry,
  onQuantity,
  onRemove,
}: {
  entry: CartMerchandiseEntry;
  onQuantity: (quantity: number) => void;
  onRemove?: () => void;
}) {
  const title = merchandiseTitle(entry);
  const detail = [entry.code, entry.category ?? entry.handboardType].filter(Boolean).join(' · ');
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <p className="font-medium">{title}</p>
        <p className="nums text-sm text-muted-foreground">{detail}</p>
      </div>
      <div className="flex items-center justify-between gap-3 sm:justify-end">
        <QuantityStepper value={entry.quantity} min={0} max={MAX_LINE_QUANTITY} label={`Quantity of ${title}`} onChange={onQuantity} />
        {onRemove ? (
          <Button variant="ghost" size="icon" aria-label={`Remove ${title}`} onClick={onRemove} className="print:hidden">
            <Trash2 aria-hidden />
          </Button>
        ) : (
          // Keeps the steppers of all lists in one column.
          <span className="hidden size-10 sm:block" aria-hidden />
        )}
      </div>
    </li>
  );
}

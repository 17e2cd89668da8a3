import type { MerchandiseItem } from '@common/contracts/merchandise';
import { MAX_LINE_QUANTITY } from '@common/domain/stock-level';
import { QuantityStepper } from '@client/components/quantity-stepper';
import { Badge } from '@client/components/ui/badge';

/** One display, label, price list or handboard: its quantity in the cart (min 0) and whether it is there. */
export function MerchandiseItemRow({
  item,
  quantity,
  onChange,
  disabled,
}: {
  item: MerchandiseItem;
  quantity: number;
  onChange: (next: number) => void;
  disabled?: boolean;
}) {
  const detail = [item.code, item.description].filter(Boolean).join(' · ');
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:gap-4">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {item.name}
          {quantity > 0 && <Badge variant="success">Added to cart</Badge>}
        </p>
        <p className="nums text-sm text-muted-foreground">{detail}</p>
      </div>
      <QuantityStepper
        value={quantity}
        min={0}
        max={MAX_LINE_QUANTITY}
        label={`Quantity of ${item.name}`}
        onChange={onChange}
        disabled={disabled}
        className="self-start sm:self-auto"
      />
    </li>
  );
}

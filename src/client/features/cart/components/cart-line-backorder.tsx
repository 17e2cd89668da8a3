import { useId } from 'react';
import type { CartBackorderLine } from '@common/contracts/backorders';
import { BACKORDER_SHIPPING, BACKORDER_SHIPPING_LABELS, type BackorderShipping } from '@common/domain/backorders';
import { formatCount } from '@common/domain/format';
import { Label } from '@client/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@client/components/ui/radio-group';

/**
 * A cart line past the stock (docs/decisions/0238): "3 now, 47 about Dec 20 (on vessel)" and how it
 * ships. A line the loads no longer cover says so; placing is refused until the quantity is lowered.
 */
export function CartLineBackorder({
  line,
  onShipping,
  busy,
  pending,
}: {
  line: CartBackorderLine;
  onShipping: (shipping: BackorderShipping) => void;
  busy?: boolean;
  /** The choice being saved: shown at once, before the server answers. */
  pending?: BackorderShipping;
}) {
  const id = useId();
  const shipping = pending ?? line.shipping;
  if (line.later.length === 0 && line.uncovered === 0) return null;
  return (
    <div className="mt-2 grid gap-2 rounded-md border border-border bg-background p-3" data-testid="cart-line-backorder">
      <p className="nums text-sm font-medium">
        <span className="text-muted-foreground">Backorder: </span>
        {line.text}
      </p>
      {line.uncovered > 0 && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {formatCount(line.uncovered)} more than the stock and incoming loads can cover. Lower the quantity to {formatCount(line.cap)} or less.
        </p>
      )}
      {line.later.length > 0 && (
        <fieldset className="grid gap-1 print:hidden">
          <legend className="mb-1 text-xs text-muted-foreground">How this line ships</legend>
          <RadioGroup value={shipping} disabled={busy} onValueChange={(value) => onShipping(value as BackorderShipping)} aria-label="How this line ships">
            {BACKORDER_SHIPPING.map((choice) => (
              <div key={choice} className="flex min-h-11 items-center gap-2">
                <RadioGroupItem id={`${id}-${choice}`} value={choice} />
                <Label htmlFor={`${id}-${choice}`} className="text-sm font-normal">
                  {BACKORDER_SHIPPING_LABELS[choice]}
                </Label>
              </div>
            ))}
          </RadioGroup>
        </fieldset>
      )}
      <p className="hidden text-sm print:block">{BACKORDER_SHIPPING_LABELS[shipping]}</p>
    </div>
  );
}

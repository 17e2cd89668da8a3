import { useId } from 'react';
import { describeSplit } from '@common/domain/lots';
import { formatCount } from '@common/domain/format';
import { LotsSummary } from '@client/components/lots/lots-summary';
import { Button } from '@client/components/ui/button';
import { Label } from '@client/components/ui/label';
import { Switch } from '@client/components/ui/switch';
import { isCurrent, lotConflictId, type CartLotLine, type LineRefusal } from '../lib/lot-conflicts';

/** The boxes "Order N" sets: the largest lot for a one-lot line, all lots together for a mixed one. */
function fitQuantity(line: CartLotLine): number {
  return line.conflict === 'not_enough' ? line.totalBoxes : (line.largestLot ?? 0);
}

/**
 * Why the line cannot be placed as it is, and the two fixes as buttons (docs/decisions/0209):
 * "Order 1,310" sets the quantity to what the lots can fill, "Allow mixed lots" turns the one-lot
 * switch off when all lots together hold the line. Place Order's note links here by id.
 */
function LotConflict({ line, refusal, onQuantity, onOneLot, busy }: { line: CartLotLine; refusal?: LineRefusal; onQuantity: (quantity: number) => void; onOneLot: (oneLot: boolean) => void; busy?: boolean }) {
  const fit = fitQuantity(line);
  const canMix = line.oneLot && line.totalBoxes >= line.quantity;
  return (
    <div id={lotConflictId(line.productId)} tabIndex={-1} className="grid gap-2 rounded-md border border-warning/30 bg-warning-soft p-3 outline-none focus-visible:outline-2 focus-visible:outline-ring">
      <p id={`${lotConflictId(line.productId)}-why`} role="alert" className="text-sm font-medium text-warning">
        {refusal?.message ?? line.warning}
      </p>
      {(fit > 0 || canMix) && (
        <div className="flex flex-wrap gap-2 print:hidden">
          {fit > 0 && (
            <Button size="sm" variant="outline" disabled={busy} aria-describedby={`${lotConflictId(line.productId)}-why`} onClick={() => onQuantity(fit)}>
              Order {formatCount(fit)}
            </Button>
          )}
          {canMix && (
            <Button size="sm" variant="outline" disabled={busy} aria-describedby={`${lotConflictId(line.productId)}-why`} onClick={() => onOneLot(false)}>
              Allow mixed lots
            </Button>
          )}
        </div>
      )}
    </div>
  );
}

/**
 * A cart line's lots: the lots, the "one lot" switch (on by default: the whole line
 * ships from one shade), and before submit either the lots placing now would take ("Planned:
 * 1,310 from L2400A + 190 from L2410B", the server's plan by placement's rule) or the conflict with
 * its fixes (docs/decisions/0209).
 */
export function CartLineLots({
  line,
  quantity,
  refusal,
  onOneLot,
  onQuantity,
  busy,
}: {
  line: CartLotLine;
  /** The quantity on screen: while it differs from the answer's, the answer is being read again. */
  quantity: number;
  /** Place Order's 409 for this line: its sentence replaces the warning while the line still has the quantity it was refused at and a conflict. */
  refusal?: LineRefusal;
  onOneLot: (oneLot: boolean) => void;
  onQuantity: (quantity: number) => void;
  busy?: boolean;
}) {
  const switchId = useId();
  const current = isCurrent(line, quantity);
  const shownRefusal = refusal?.quantity === quantity ? refusal : undefined;
  return (
    <div className="mt-2 grid gap-2 rounded-md border border-border bg-background p-3">
      <LotsSummary availability={{ lots: line.lots, moreLots: line.moreLots, incoming: [], largestLot: line.largestLot }} />
      <div className="flex items-center gap-3 print:hidden">
        <Switch id={switchId} checked={line.oneLot} disabled={busy} onCheckedChange={onOneLot} />
        <Label htmlFor={switchId} className="text-sm">
          {line.oneLot ? 'One lot: all boxes from one shade' : 'Mixed lots allowed'}
        </Label>
      </div>
      {current && line.conflict !== null ? (
        <LotConflict line={line} refusal={shownRefusal} onQuantity={onQuantity} onOneLot={onOneLot} busy={busy} />
      ) : current && line.plan.length > 0 ? (
        <p className="nums text-sm" data-testid="planned-split">
          <span className="font-medium">Planned:</span> {describeSplit(line.plan)}
        </p>
      ) : null}
    </div>
  );
}

import { useId } from 'react';
import type { z } from 'zod';
import type { cartLotLine } from '@common/contracts/lots';
import { LotsSummary } from '@client/components/lots/lots-summary';
import { Label } from '@client/components/ui/label';
import { Switch } from '@client/components/ui/switch';

type CartLotLine = z.output<typeof cartLotLine>;

/**
 * A cart line's lots (issue 27): the lots, the "one lot" switch (on by default: the whole line
 * ships from one shade) and, before submit, the warning when no single lot holds the line.
 */
export function CartLineLots({ line, onOneLot, busy }: { line: CartLotLine; onOneLot: (oneLot: boolean) => void; busy?: boolean }) {
  const switchId = useId();
  return (
    <div className="mt-2 grid gap-2 rounded-md border border-border bg-background p-3">
      <LotsSummary availability={{ lots: line.lots, moreLots: line.moreLots, incoming: [], largestLot: line.largestLot }} />
      <div className="flex items-center gap-3 print:hidden">
        <Switch id={switchId} checked={line.oneLot} disabled={busy} onCheckedChange={onOneLot} />
        <Label htmlFor={switchId} className="text-sm">
          {line.oneLot ? 'One lot: all boxes from one shade' : 'Mixed lots allowed'}
        </Label>
      </div>
      {line.warning && (
        <p role="alert" className="text-sm font-medium text-warning">
          {line.warning}
        </p>
      )}
    </div>
  );
}

import { Calculator } from 'lucide-react';
import { useId, useState } from 'react';
import { boxesForArea, DEFAULT_WASTE_PERCENT, MAX_WASTE_PERCENT, sqftPerBox } from '../lib/square-feet';
import { formatSqft } from '@common/domain/units';
import { cn } from '@client/lib/utils';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';

/**
 * Tile buyers think in square feet: area and waste (default 10%) turned into full
 * boxes by the product's coverage (features/catalogue/lib/square-feet.ts), filled into the row's quantity
 * as they type. Only for box items with a numeric coverage; folded away until asked for.
 */
export function SqftCalculator({
  product,
  onBoxes,
  compact = false,
}: {
  product: { soldBy: string; coverage: string };
  onBoxes: (boxes: number) => void;
  compact?: boolean;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [area, setArea] = useState('');
  const [waste, setWaste] = useState(String(DEFAULT_WASTE_PERCENT));
  const perBox = sqftPerBox(product);
  if (perBox === null) return null;
  const answer = area.trim() === '' ? null : boxesForArea(Number(area), Number(waste), perBox);

  const change = (nextArea: string, nextWaste: string) => {
    setArea(nextArea);
    setWaste(nextWaste);
    const result = nextArea.trim() === '' ? null : boxesForArea(Number(nextArea), Number(nextWaste), perBox);
    if (result?.ok) onBoxes(result.boxes);
  };

  if (!open) {
    return (
      <Button type="button" variant="ghost" size="sm" className="justify-self-start px-1.5 text-muted-foreground" onClick={() => setOpen(true)} aria-expanded={false}>
        <Calculator aria-hidden />
        Square feet to boxes
      </Button>
    );
  }
  return (
    <fieldset className={cn('grid gap-2 rounded-md border border-border p-2', compact ? 'text-xs' : 'text-sm')} data-testid="sqft-calculator">
      <legend className="px-1 text-xs font-medium text-muted-foreground">
        Square feet to boxes{compact ? '' : ` (${perBox} sq ft per box)`}
      </legend>
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1">
          <Label htmlFor={`${id}-area`} className="text-xs text-muted-foreground">
            Area (sq ft)
          </Label>
          <Input id={`${id}-area`} type="number" inputMode="decimal" min={0} step="any" autoFocus value={area} onChange={(e) => change(e.target.value, waste)} className="nums w-28" />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-waste`} className="text-xs text-muted-foreground">
            Waste (%)
          </Label>
          <Input
            id={`${id}-waste`}
            type="number"
            inputMode="decimal"
            min={0}
            max={MAX_WASTE_PERCENT}
            step="any"
            value={waste}
            onChange={(e) => change(area, e.target.value)}
            className="nums w-20"
          />
        </div>
        <p role="status" className={cn('pb-2', answer && !answer.ok ? 'text-destructive' : 'text-muted-foreground')} data-testid="sqft-answer">
          {answer === null ? 'Enter the area to fill in the boxes' : answer.ok ? `${answer.boxes} boxes (${formatSqft(answer.sqft)})` : answer.message}
        </p>
      </div>
    </fieldset>
  );
}

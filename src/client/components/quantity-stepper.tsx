import { Minus, Plus } from 'lucide-react';
import { useState } from 'react';
import { parseQuantityInput } from '@common/domain/cart-rules';
import { cn } from '@client/lib/utils';
import { Button } from '@client/components/ui/button';

/**
 * − [n] + for a quantity (whole numbers, never below `min`, at most
 * `max`; non-numeric becomes 0). Buttons act at once; typing is committed on
 * Enter or when the field loses focus. 44px targets on phones.
 */
export function QuantityStepper({
  value,
  onChange,
  min,
  max,
  label,
  disabled,
  className,
  onAboveMax,
}: {
  value: number;
  onChange: (quantity: number) => void;
  min: number;
  max: number;
  /** Names the field for screen readers, e.g. "Quantity of Calacatta 12x24". */
  label: string;
  disabled?: boolean;
  className?: string;
  /** Typed more than `max`: the value is held at max, and the caller says why. */
  onAboveMax?: (max: number) => void;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const clamp = (n: number) => Math.min(Math.max(n, min), max);
  const commit = (next: number) => {
    setDraft(null);
    if (next > max) onAboveMax?.(max);
    const clamped = clamp(next);
    if (clamped !== value) onChange(clamped);
  };

  return (
    <div className={cn('inline-flex items-center rounded-md border border-input bg-surface shadow-xs', className)}>
      <Button
        variant="ghost"
        size="icon"
        className="rounded-r-none"
        aria-label={`Decrease ${label}`}
        disabled={disabled || value <= min}
        onClick={() => commit(value - 1)}
      >
        <Minus aria-hidden />
      </Button>
      <input
        type="text"
        inputMode="numeric"
        aria-label={label}
        className="nums h-11 w-14 border-x border-input bg-transparent text-center text-base outline-none focus-visible:bg-accent-soft/40 md:h-10 md:text-sm"
        value={draft ?? String(value)}
        disabled={disabled}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={() => draft !== null && commit(parseQuantityInput(draft))}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && draft !== null) commit(parseQuantityInput(draft));
          if (e.key === 'Escape') setDraft(null);
        }}
      />
      <Button
        variant="ghost"
        size="icon"
        className="rounded-l-none"
        aria-label={`Increase ${label}`}
        disabled={disabled || value >= max}
        onClick={() => commit(value + 1)}
      >
        <Plus aria-hidden />
      </Button>
    </div>
  );
}

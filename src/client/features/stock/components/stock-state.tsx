import type { StockKind } from '@common/domain/stock-level';
import type { StockTone } from '@common/domain/stock-status';
import { STOCK_STATE_LABEL, STOCK_STATE_TONE } from '@common/domain/stock-status';
import { cn } from '@client/lib/utils';

/** Stock colours; every pair is at least 4.5:1 (docs/ui-rules.md). */
export const TONE_TEXT: Record<StockTone, string> = {
  red: 'text-red-700',
  yellow: 'text-yellow-800',
  green: 'text-green-700',
  orange: 'text-orange-700',
};

const TONE_BADGE: Record<StockTone, string> = {
  red: 'border-red-200 bg-red-50 text-red-700',
  yellow: 'border-yellow-300 bg-yellow-50 text-yellow-800',
  green: 'border-green-200 bg-green-50 text-green-700',
  orange: 'border-orange-200 bg-orange-50 text-orange-700',
};

const TONE_DOT: Record<StockTone, string> = {
  red: 'bg-red-600',
  yellow: 'bg-yellow-500',
  green: 'bg-green-600',
  orange: 'bg-orange-500',
};

/** The stock state as a word in its colour, with a dot (docs/ui-rules.md: colour always paired with a word). */
export function StockStateBadge({ state, label, className }: { state: StockKind; label?: string; className?: string }) {
  const tone = STOCK_STATE_TONE[state];
  return (
    <span
      className={cn('inline-flex items-center gap-1.5 rounded-full border px-2 py-0.5 text-xs font-semibold whitespace-nowrap', TONE_BADGE[tone], className)}
    >
      <span className={cn('size-2 shrink-0 rounded-full', TONE_DOT[tone])} aria-hidden />
      {label ?? STOCK_STATE_LABEL[state]}
    </span>
  );
}

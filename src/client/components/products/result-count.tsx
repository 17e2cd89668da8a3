import { formatCount } from '@common/domain/format';

/** "Showing 120 of 2,955 products", announced politely as filters change. */
export function ResultCount({
  shown,
  total,
  noun = 'products',
  appliedSearch,
}: {
  shown: number;
  total: number;
  noun?: string;
  /** The search these rows answer (it lags the box while a keystroke is being filtered); benchmarks read it. */
  appliedSearch?: string;
}) {
  return (
    <p className="nums text-sm text-muted-foreground" aria-live="polite" data-applied-search={appliedSearch}>
      {shown === total ? `${formatCount(total)} ${noun}` : `Showing ${formatCount(shown)} of ${formatCount(total)} ${noun}`}
    </p>
  );
}

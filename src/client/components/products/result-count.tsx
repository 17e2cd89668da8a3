import { formatCount } from '@common/domain/format';

/** "Showing 120 of 2,955 products", announced politely as filters change. */
export function ResultCount({
  shown,
  total,
  noun = 'products',
  appliedSearch,
  partialOf,
}: {
  shown: number;
  total: number;
  noun?: string;
  /** The search these rows answer (it lags the box while a keystroke is being filtered); benchmarks read it. */
  appliedSearch?: string;
  /** Only the first rows are here yet (field mode offline, docs/decisions/0234): the whole count. */
  partialOf?: number;
}) {
  if (partialOf !== undefined) {
    return (
      <p className="nums text-sm text-muted-foreground" aria-live="polite" data-applied-search={appliedSearch}>
        {`First ${formatCount(total)} of ${formatCount(partialOf)} ${noun}: loading the rest from this device…`}
      </p>
    );
  }
  return (
    <p className="nums text-sm text-muted-foreground" aria-live="polite" data-applied-search={appliedSearch}>
      {shown === total ? `${formatCount(total)} ${noun}` : `Showing ${formatCount(shown)} of ${formatCount(total)} ${noun}`}
    </p>
  );
}

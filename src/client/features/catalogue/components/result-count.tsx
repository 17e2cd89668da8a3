const count = new Intl.NumberFormat('en-US');

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
      {shown === total ? `${count.format(total)} ${noun}` : `Showing ${count.format(shown)} of ${count.format(total)} ${noun}`}
    </p>
  );
}

import type { ReactNode } from 'react';
import { formatCount } from '@common/domain/format';

/* The pieces the stock and the lots/incoming preview dialogs share (ADR 0191, ADR 0196). */

/** One figure of a preview's summary. */
export function Count({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-md border border-border bg-muted/40 px-3 py-2">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-lg font-semibold">{formatCount(value)}</dd>
    </div>
  );
}

/** A titled, scrollable list of a preview, with "…and N more" when the server listed only some. */
export function Section({ title, unlisted, children }: { title: string; unlisted: number; children: ReactNode }) {
  return (
    <section className="grid gap-1" aria-label={title}>
      <h3 className="text-sm font-semibold">{title}</h3>
      <ul className="nums max-h-48 overflow-y-auto rounded-md border border-border p-2 text-sm" tabIndex={0}>
        {children}
        {unlisted > 0 && <li className="py-0.5 text-muted-foreground">…and {formatCount(unlisted)} more</li>}
      </ul>
    </section>
  );
}

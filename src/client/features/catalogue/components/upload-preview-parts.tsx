import type { ReactNode } from 'react';
import { formatCount } from '@common/domain/format';
import { Alert, AlertTitle } from '@client/components/ui/alert';

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

/** The file's warnings (applied anyway), listed up to what the preview sent. */
export function PreviewWarnings({ lines, total }: { lines: string[]; total: number }) {
  if (lines.length === 0) return null;
  return (
    <Section title={`Warnings (${formatCount(total)})`} unlisted={total - lines.length}>
      {lines.map((line, i) => (
        <li key={i} className="py-0.5">
          {line}
        </li>
      ))}
    </Section>
  );
}

/** Why Confirm failed: nothing was changed. */
export function PreviewProblems({ lines }: { lines: string[] }) {
  if (lines.length === 0) return null;
  return (
    <Alert variant="destructive">
      <AlertTitle>Nothing was changed</AlertTitle>
      <ul className="nums mt-1 grid gap-0.5 text-sm" aria-label="Problems">
        {lines.map((line, i) => (
          <li key={i}>{line}</li>
        ))}
      </ul>
    </Alert>
  );
}

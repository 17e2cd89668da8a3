import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatCount } from '@common/domain/format';
import { Alert, AlertDescription, AlertTitle } from '@client/components/ui/alert';

/* The pieces every upload preview dialog shares: stock, lots/incoming and merchandise (ADR 0191, 0196, 0214). */

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

/**
 * The warnings first, above the figures (docs/decisions/0211): how many, and that Confirm applies
 * them. A warning is something the file does that may not be meant (a blank cell that clears a
 * description, a price whose sq ft price stays).
 */
export function WarningsNotice({ total }: { total: number }) {
  if (total === 0) return null;
  return (
    <Alert variant="warning">
      <TriangleAlert aria-hidden />
      <AlertTitle>
        {formatCount(total)} {total === 1 ? 'warning' : 'warnings'}: check {total === 1 ? 'it' : 'them'} before you confirm
      </AlertTitle>
      <AlertDescription>Confirm applies the file with {total === 1 ? 'this change' : 'these changes'}. Cancel changes nothing; fix the file and upload it again.</AlertDescription>
    </Alert>
  );
}

/** Warnings in groups, each line "Row 3 (SKU 1001): description "..." -> empty"; readable on a phone. */
export function WarningGroups({ groups, unlisted }: { groups: { title: string; lines: string[] }[]; unlisted: number }) {
  return (
    <>
      {groups.map((g, i) => (
        <Section key={g.title} title={`${g.title} (${formatCount(g.lines.length)}${i === groups.length - 1 && unlisted > 0 ? '+' : ''})`} unlisted={i === groups.length - 1 ? unlisted : 0}>
          {g.lines.map((line, n) => (
            <li key={n} className="py-0.5 break-words">
              {line}
            </li>
          ))}
        </Section>
      ))}
    </>
  );
}

/** The footer's Confirm: with warnings it says how many, and is not the prominent choice. */
export function confirmLabel(warnings: number): { text: string; variant: 'default' | 'outline' } {
  if (warnings === 0) return { text: 'Confirm', variant: 'default' };
  return { text: `Confirm with ${formatCount(warnings)} ${warnings === 1 ? 'warning' : 'warnings'}`, variant: 'outline' };
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

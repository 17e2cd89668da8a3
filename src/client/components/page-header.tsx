import type { ReactNode } from 'react';
import { BackLink } from './back-link';

/**
 * The top of a tool screen (UI.md navigation): a back arrow, the screen's title as
 * its h1, and room for actions. Sticky, so the way back is always in reach.
 */
export function PageHeader({
  title,
  backHref = '/dashboard',
  backLabel = 'Back to dashboard',
  actions,
}: {
  title: string;
  backHref?: string;
  backLabel?: string;
  actions?: ReactNode;
}) {
  return (
    <header className="sticky top-0 z-10 border-b print:static print:border-0 border-border bg-surface/95 backdrop-blur supports-[backdrop-filter]:bg-surface/85">
      <div className="mx-auto flex max-w-6xl items-center gap-2 px-2 py-2 sm:gap-3 sm:px-4">
        <BackLink href={backHref} label={backLabel} className="print:hidden" />
        <h1 className="min-w-0 flex-1 truncate text-lg font-semibold tracking-tight sm:text-xl">{title}</h1>
        {actions && <div className="flex shrink-0 items-center gap-2 print:hidden">{actions}</div>}
      </div>
    </header>
  );
}

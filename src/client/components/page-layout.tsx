import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { BrandLogo } from './brand-logo';
import { BackLink } from './back-link';

/**
 * A tool screen: the brand bar, a back arrow (UI.md: every screen has one), the title
 * and the screen's main actions, then the content. Phones stack the actions under the title.
 */
export function PageLayout({
  title,
  description,
  actions,
  backTo = '/dashboard',
  backLabel = 'Back to dashboard',
  children,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  backTo?: string;
  backLabel?: string;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <div className="min-h-dvh">
      <header className="border-b border-border bg-surface">
        <div className="mx-auto flex max-w-6xl items-center px-4 py-2 sm:px-6">
          <Link href="/dashboard" className="rounded-md py-1" aria-label="BOLD Portal dashboard">
            <BrandLogo />
          </Link>
        </div>
      </header>
      <main className="mx-auto flex max-w-6xl flex-col gap-5 px-4 pt-5 pb-12 sm:px-6 sm:pt-6">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <div className="flex min-w-0 items-start gap-2">
            <BackLink href={backTo} label={backLabel} className="-ml-2 shrink-0" />
            <div className="min-w-0 pt-1.5 md:pt-1">
              <h1 className="text-2xl leading-tight font-semibold tracking-tight">{title}</h1>
              {description && <p className="mt-1 text-sm text-muted-foreground">{description}</p>}
            </div>
          </div>
          {/* Phones: the actions share rows, each as wide as it can be; from sm they sit right. */}
          {actions && <div className="flex flex-wrap gap-2 *:flex-auto sm:justify-end sm:*:flex-none">{actions}</div>}
        </div>
        {children}
      </main>
    </div>
  );
}

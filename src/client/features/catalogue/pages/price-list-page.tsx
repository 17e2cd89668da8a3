import { ExternalLink } from 'lucide-react';
import { PageTitle } from '@client/components/page-frame';
import { Button } from '@client/components/ui/button';
import { useDocumentTitle } from '@client/lib/use-document-title';

/** Where the PDF bytes are served (docs/decisions/0013). */
export const PRICE_LIST_PDF_URL = '/api/price-list.pdf';

/** The screen that opened this one, if it said so (wouter navigation state), else the dashboard. */
function backPath(): string {
  const state = window.history.state as { from?: unknown } | null;
  return typeof state?.from === 'string' && state.from.startsWith('/') ? state.from : '/dashboard';
}

/**
 * /price-list.pdf (spec §2 "Price List"): back arrow to where the user came from,
 * the PDF in a frame, and a button to open it in a new tab (which phones need:
 * many mobile browsers do not render PDFs inside a page).
 */
export function PriceListPage() {
  useDocumentTitle('Price List');
  return (
    <div className="flex h-dvh flex-col">
      <PageTitle
        title="Price List"
        backHref={backPath()}
        backLabel="Back"
        actions={
          <Button size="sm" asChild>
            <a href={PRICE_LIST_PDF_URL} target="_blank" rel="noopener">
              <ExternalLink aria-hidden />
              Open in new tab
            </a>
          </Button>
        }
      />
      <main className="mx-auto flex w-full max-w-6xl flex-1 flex-col px-2 py-2 sm:px-4 sm:py-4">
        <iframe
          src={PRICE_LIST_PDF_URL}
          title="BOLD price list (PDF)"
          className="min-h-[60dvh] w-full flex-1 rounded-card border border-border bg-surface"
        />
      </main>
    </div>
  );
}

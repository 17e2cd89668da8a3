import { ExternalLink, FileText } from 'lucide-react';
import { PageTitle } from '@client/components/page-frame';
import { Button } from '@client/components/ui/button';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { DESKTOP_QUERY, useMediaQuery } from '@client/lib/use-media-query';

/** Where the PDF bytes are served (docs/decisions/0013). */
export const PRICE_LIST_PDF_URL = '/api/price-list.pdf';

/** The screen that opened this one, if it said so (wouter navigation state), else the dashboard. */
function backPath(): string {
  const state = window.history.state as { from?: unknown } | null;
  return typeof state?.from === 'string' && state.from.startsWith('/') ? state.from : '/dashboard';
}

/**
 * /price-list.pdf ("Price List"): back arrow to where the user came from,
 * the PDF in a frame, and a button to open it in a new tab. Phones get no embedded
 * viewer (tiny, and many mobile browsers cannot render it): one big button opens the
 * PDF full screen.
 */
export function PriceListPage() {
  useDocumentTitle('Price List');
  const desktop = useMediaQuery(DESKTOP_QUERY);
  return (
    <div className="flex h-[calc(100dvh-var(--frame-height,0px))] flex-col">
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
        {desktop ? (
          <iframe
            src={PRICE_LIST_PDF_URL}
            title="BOLD price list (PDF)"
            className="min-h-[60dvh] w-full flex-1 rounded-card border border-border bg-surface"
          />
        ) : (
          <div className="flex flex-col items-center gap-4 rounded-card border border-border bg-surface px-4 py-10 text-center">
            <FileText className="size-10 text-accent" aria-hidden />
            <p className="text-sm text-muted-foreground">The price list opens full screen in your phone's PDF viewer.</p>
            <Button size="lg" asChild className="w-full">
              <a href={PRICE_LIST_PDF_URL}>Open the Price List</a>
            </Button>
          </div>
        )}
      </main>
    </div>
  );
}

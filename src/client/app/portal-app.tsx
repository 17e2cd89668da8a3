import { FieldBanner } from '@client/features/field-mode/components/field-banner';
import { applyUpdate } from '@client/features/field-mode/lib/service-worker';
import { AppProviders, preparedQueryClient } from './providers';
import { preloadPage } from './routes/pages';
import { AppRouter } from './router';
import { useCatalogueActivity } from './use-catalogue-activity';
import { usePageViews } from './use-page-views';
import { useScrollToTopOnNavigation } from './use-scroll-to-top';

/** Every signed-in path (and the 404): the query cache, the page-view recorder and the routes. */
export function PortalApp() {
  return (
    <AppProviders>
      <PageViews />
      <FieldBanner onUpdate={applyUpdate} />
      <AppRouter />
    </AppProviders>
  );
}

/** Inside the providers, because they read the signed-in user. */
function PageViews() {
  usePageViews();
  useCatalogueActivity();
  useScrollToTopOnNavigation();
  return null;
}

/** How long the first render waits for the page's first data before it shows the page loading. */
const FIRST_DATA_WAIT_MS = 1000;

/**
 * Before React's first render of an address (ADR 0187): the page's module and its first data
 * (sent with the HTML as preloads), so the first commit is the finished page rather than a
 * spinner, then an empty frame, then the page: each of those commits was a style and layout
 * pass, a long task on a phone. The app shell stays on screen meanwhile. Never rejects: a page
 * that failed to load is loaded again, and reports its failure, when React renders it.
 */
export function preparePortal(path: string): Promise<void> {
  const { firstData } = preparedQueryClient();
  const page = preloadPage(path).catch(() => undefined);
  const data = Promise.race([firstData, new Promise<void>((resolve) => setTimeout(resolve, FIRST_DATA_WAIT_MS))]);
  return Promise.all([page, data]).then(() => undefined);
}

import { AppProviders } from './providers';
import { AppRouter } from './router';
import { useCatalogueActivity } from './use-catalogue-activity';
import { usePageViews } from './use-page-views';

/** Every signed-in path (and the 404): the query cache, the page-view recorder and the routes. */
export function PortalApp() {
  return (
    <AppProviders>
      <PageViews />
      <AppRouter />
    </AppProviders>
  );
}

/** Inside the providers, because they read the signed-in user. */
function PageViews() {
  usePageViews();
  useCatalogueActivity();
  return null;
}

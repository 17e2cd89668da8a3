import { AppProviders } from './providers';
import { AppRouter } from './router';
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

/** Inside the providers, because it reads the signed-in user. */
function PageViews() {
  usePageViews();
  return null;
}

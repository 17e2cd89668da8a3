import { AppProviders } from './providers';
import { AppRouter } from './router';
import { useCatalogueActivity } from './use-catalogue-activity';
import { usePageViews } from './use-page-views';

export function App() {
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

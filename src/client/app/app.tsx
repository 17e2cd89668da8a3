import { AppProviders } from './providers';
import { AppRouter } from './router';
import { usePageViews } from './use-page-views';

export function App() {
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

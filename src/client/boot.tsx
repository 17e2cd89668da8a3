import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App, prepareFirstScreen } from './app/app';

/**
 * Starts React on the page's #root (loaded by main.tsx once the app shell has painted).
 *
 * The first render is a transition (ADR 0154): React renders it in slices of a few
 * milliseconds and lets the browser in between, instead of one task that holds a phone's main
 * thread for the whole portal, its frame and the page (a long task Lighthouse counts as blocking
 * time). Nothing is on screen to keep meanwhile: the app shell stays until the commit. That
 * render starts once the address's page and first data are in (`prepareFirstScreen`, ADR 0187),
 * so it commits the page at once instead of a fallback first.
 */
export async function boot(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html is missing the #root element');
  // The page's code and first data before the first render, so its one commit is the page (ADR 0187).
  await prepareFirstScreen(window.location.pathname);
  const root = createRoot(container);
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}

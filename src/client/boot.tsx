import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

/**
 * Starts React on the page's #root (loaded by main.tsx once the app shell has painted).
 *
 * The first render is a transition (issue 15, ADR 0154): React renders it in slices of a few
 * milliseconds and lets the browser in between, instead of one task that holds a phone's main
 * thread for the whole portal, its frame and the page (a long task Lighthouse counts as blocking
 * time). Nothing is on screen to keep meanwhile: the app shell stays until the commit.
 */
export function boot(): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html is missing the #root element');
  const root = createRoot(container);
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}

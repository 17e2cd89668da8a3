import { useEffect } from 'react';

/**
 * Loads the page a screen most often leads to once the screen has rendered, so the move there
 * commits the page instead of waiting for its chunk: /cart's Place Order lands on the order's
 * confirmation (docs/decisions/0209; the wait was a third of Place Order to confirmation).
 */
export function PreloadAfter({ page }: { page: { preload(): Promise<void> } }) {
  useEffect(() => {
    // A failed download is tried again when the page is rendered (preloadableLazy).
    page.preload().catch(() => undefined);
  }, [page]);
  return null;
}

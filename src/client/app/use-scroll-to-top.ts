import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'wouter';

/**
 * A new page opens at its top (docs/decisions/0212): the router swaps pages in one document, so
 * without this a page opened from far down another (Submit at the bottom of a phone's checkout)
 * kept that scroll and opened half way down. Back and Forward are left to the browser, which
 * puts the reader back where they were. Only the path counts: a filter or page number in the
 * query keeps the place.
 */
export function useScrollToTopOnNavigation(): void {
  const [path] = useLocation();
  /** The path Back or Forward went to, until the router shows it. */
  const fromHistory = useRef<string | null>(null);
  const previous = useRef(path);

  useEffect(() => {
    // Runs before the router's re-render of the same event, so the flag is set when the path changes.
    const onPopState = () => {
      fromHistory.current = window.location.pathname;
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  useLayoutEffect(() => {
    if (previous.current === path) return;
    previous.current = path;
    const wentBack = fromHistory.current === path;
    fromHistory.current = null;
    if (!wentBack) window.scrollTo(0, 0);
  }, [path]);
}

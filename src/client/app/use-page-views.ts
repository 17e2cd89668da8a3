import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { recordActivity } from '@client/features/activity/api/record-activity';
import { useUser } from '@client/features/auth/api/get-user';

/** "each page change other than /auth triggers a delayed (300 ms) background action". */
export const PAGE_VIEW_DELAY_MS = 300;

/**
 * That action is a page_view (docs/product-decisions.md): 300 ms after a route change, so redirects
 * that pass straight through a screen are not counted, it records the new page with how
 * long the previous one was open. Only for signed-in users past the temporary password.
 */
export function usePageViews(): void {
  const [path] = useLocation();
  const user = useUser();
  const canRecord = Boolean(user.data && !user.data.isTemporaryPassword);
  const previous = useRef<{ path: string; enteredAt: number } | null>(null);

  useEffect(() => {
    if (!canRecord || path === '/auth') return;
    const enteredAt = Date.now();
    const timer = setTimeout(() => {
      const before = previous.current;
      if (before?.path === path) return;
      previous.current = { path, enteredAt };
      void recordActivity({
        type: 'page_view',
        path,
        previousPath: before?.path ?? null,
        duration: before ? enteredAt - before.enteredAt : null,
      });
    }, PAGE_VIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [path, canRecord]);
}

import { useLayoutEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { rememberPath } from '@client/lib/remembered-path';

/**
 * Declarative redirect. Replaces the history entry so Back does not bounce the
 * user into the redirect again. With `remember`, the current path is kept so the
 * user returns to it later. `to` may be a function so that reading (and
 * consuming) a remembered path happens once, in the effect, not during render.
 */
export function Navigate({ to, remember = false }: { to: string | (() => string); remember?: boolean }) {
  const [location, navigate] = useLocation();
  const search = useSearch();
  // A redirect is a one-off, also when StrictMode runs effects twice.
  const done = useRef(false);
  useLayoutEffect(() => {
    if (done.current) return;
    done.current = true;
    if (remember) rememberPath(search ? `${location}?${search}` : location);
    navigate(typeof to === 'function' ? to() : to, { replace: true });
  }, [to, remember, location, search, navigate]);
  return null;
}

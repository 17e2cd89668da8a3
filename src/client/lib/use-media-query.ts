import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches, following changes (rotation, window resize). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Tailwind's md breakpoint: tables from here up, stacked cards below (docs/ui-rules.md, Density). */
export const DESKTOP_QUERY = '(min-width: 768px)';

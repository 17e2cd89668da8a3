import { useCallback, useEffect, useState } from 'react';

const PREFIX = 'checkout:';

function read<T extends object>(key: string, initial: T): T {
  try {
    const saved = sessionStorage.getItem(key);
    // Only fields the form knows are taken back, with their initial types.
    if (saved) {
      const parsed = JSON.parse(saved) as Record<string, unknown>;
      const next = { ...initial } as Record<string, unknown>;
      for (const [field, value] of Object.entries(initial)) {
        const kept = typeof parsed[field];
        if (kept === typeof value || (value === null && (kept === 'string' || kept === 'number'))) next[field] = parsed[field];
      }
      return next as T;
    }
  } catch {
    // Storage refused (private mode) or a broken entry: start from the initial values.
  }
  return initial;
}

/**
 * What a buyer typed at checkout (notes, delivery, date, address, reference) survives a
 * reload. Kept per cart in sessionStorage (this tab only: it is a draft, not shared data) under
 * `checkout:<cartId>` (a second part of the form under `checkout:<cartId>:<part>`), and cleared when the
 * order is placed.
 */
export function useSavedCheckout<T extends object>(cartId: number | undefined, initial: T, part?: string) {
  const key = cartId === undefined ? null : `${PREFIX}${cartId}${part ? `:${part}` : ''}`;
  const [state, setState] = useState<{ key: string | null; value: T; typed: boolean }>(() => ({ key, value: key ? read(key, initial) : initial, typed: false }));
  // Another cart (or the cart id arriving after the first render) brings its own draft.
  if (state.key !== key) setState({ key, value: key ? read(key, initial) : initial, typed: false });

  useEffect(() => {
    // Only what the buyer typed is saved: a cleared draft stays cleared.
    if (!state.key || !state.typed) return;
    try {
      sessionStorage.setItem(state.key, JSON.stringify(state.value));
    } catch {
      // A full or refused storage only loses the draft.
    }
  }, [state]);

  const set = useCallback((value: T) => setState((current) => ({ ...current, value, typed: true })), []);
  const clear = useCallback(() => {
    if (key) sessionStorage.removeItem(key);
    setState({ key, value: initial, typed: false });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the initial values are the reset, read once
  }, [key]);
  return [state.value, set, clear] as const;
}

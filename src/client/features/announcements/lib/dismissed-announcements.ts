/**
 * A salesperson may dismiss an announcement "for the session": it stays
 * hidden in this browser tab until the browser session ends (sessionStorage).
 */
const KEY = 'bold.dismissedAnnouncements';

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function readDismissed(store: Storage | undefined = storage()): Set<number> {
  try {
    const parsed: unknown = JSON.parse(store?.getItem(KEY) ?? '[]');
    return new Set(Array.isArray(parsed) ? parsed.filter((v): v is number => Number.isInteger(v)) : []);
  } catch {
    return new Set();
  }
}

export function rememberDismissed(id: number, store: Storage | undefined = storage()): Set<number> {
  const next = readDismissed(store);
  next.add(id);
  store?.setItem(KEY, JSON.stringify([...next]));
  return next;
}

/** Previous/next wrap around. */
export function wrapIndex(index: number, length: number): number {
  if (length <= 0) return 0;
  return ((index % length) + length) % length;
}

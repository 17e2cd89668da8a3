/**
 * "Unauthenticated users are sent here and the requested path is remembered."
 * Kept in sessionStorage so it survives the login round trip and a reload, but not
 * a new tab or the next browser session.
 */
const KEY = 'bold.rememberedPath';

/** Screens that are steps of signing in, never a destination worth returning to. */
const NOT_REMEMBERED = new Set(['/', '/auth', '/role-select', '/profile-completion']);

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    // Storage can be disabled (privacy modes); the flow still works, only without returning.
    return undefined;
  }
}

export function rememberPath(pathWithSearch: string): void {
  const pathname = pathWithSearch.split(/[?#]/)[0] ?? '';
  if (!pathname.startsWith('/') || NOT_REMEMBERED.has(pathname)) return;
  storage()?.setItem(KEY, pathWithSearch);
}

export function peekRememberedPath(): string | null {
  return storage()?.getItem(KEY) ?? null;
}

/** Returns the remembered path once and forgets it, so it is not restored twice. */
export function takeRememberedPath(): string | null {
  const path = peekRememberedPath();
  storage()?.removeItem(KEY);
  return path;
}

export function forgetRememberedPath(): void {
  storage()?.removeItem(KEY);
}

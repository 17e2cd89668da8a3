import type { CurrentUser } from '@common/contracts/auth';

/**
 * The rep whose field data this device holds (docs/decisions/0227), kept in localStorage so the
 * portal can start offline without waiting for IndexedDB: the server's page is not there to say
 * who is signed in. Only salespeople get field mode; nothing is kept for dealers or admins.
 */
const KEY = 'bold-field-user';

export function isFieldUser(user: CurrentUser | null | undefined): user is CurrentUser {
  return user?.activeRole === 'salesperson';
}

export function deviceUser(): CurrentUser | null {
  try {
    const text = globalThis.localStorage?.getItem(KEY);
    return text ? (JSON.parse(text) as CurrentUser) : null;
  } catch {
    return null;
  }
}

export function rememberDeviceUser(user: CurrentUser): void {
  try {
    globalThis.localStorage?.setItem(KEY, JSON.stringify(user));
  } catch {
    // Private mode or a full disk: field mode then needs the network to start.
  }
}

export function forgetDeviceUser(): void {
  try {
    globalThis.localStorage?.removeItem(KEY);
  } catch {
    // nothing kept
  }
}

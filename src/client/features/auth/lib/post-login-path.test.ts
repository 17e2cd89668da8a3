import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@common/contracts/auth';
import { permissionsOf, type Role } from '@common/domain/permissions';
import { peekRememberedPath, rememberPath } from '@client/lib/remembered-path';
import { postLoginPath, postRolePath } from './post-login-path';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

function user(role: Role, overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 1,
    username: 'u',
    role,
    firstName: null,
    lastName: null,
    email: null,
    phone: null,
    company: null,
    storeName: null,
    storeAddress: null,
    storeCity: null,
    storeState: null,
    storeZip: null,
    storeContactName: null,
    storePhone: null,
    isTemporaryPassword: false,
    companyId: null,
    companyRole: null,
    spendingLimit: null,
    activeRole: role === 'admin' ? null : role,
    permissions: [...permissionsOf(role)],
    ...overrides,
  };
}

beforeEach(() => vi.stubGlobal('window', { sessionStorage: memoryStorage() }));
afterEach(() => vi.unstubAllGlobals());

describe('where sign-in leads', () => {
  it('restores the remembered path once', () => {
    rememberPath('/stock?line=Marble');
    expect(postLoginPath(user('bold_customer'))).toBe('/stock?line=Marble');
    expect(peekRememberedPath()).toBeNull();
  });

  it('goes to role selection without a remembered path, a salesperson straight to the dashboard', () => {
    expect(postLoginPath(user('admin'))).toBe('/role-select');
    expect(postLoginPath(user('bold_customer'))).toBe('/role-select');
    expect(postLoginPath(user('salesperson'))).toBe('/dashboard');
  });

  it('confines a temporary password to /profile-completion and keeps the remembered path for later', () => {
    rememberPath('/cart');
    expect(postLoginPath(user('admin', { isTemporaryPassword: true }))).toBe('/profile-completion');
    expect(postRolePath()).toBe('/cart');
    expect(postRolePath()).toBe('/dashboard');
  });

  it('never remembers the sign-in screens themselves', () => {
    for (const path of ['/', '/auth', '/role-select', '/profile-completion?x=1']) rememberPath(path);
    expect(peekRememberedPath()).toBeNull();
  });
});

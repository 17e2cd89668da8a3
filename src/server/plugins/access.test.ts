import { PERMISSIONS, ROLES, hasPermission } from '@common/domain/permissions';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../lib/http-error';
import { checkAccess, NOT_SIGNED_IN, PASSWORD_CHANGE_REQUIRED, ROLE_NOT_CHOSEN, type RequestUser } from './access';

const user = (overrides: Partial<RequestUser> = {}): RequestUser => ({
  id: 1,
  username: 'u',
  role: 'admin',
  email: null,
  isTemporaryPassword: false,
  activeRole: 'admin',
  companyId: null,
  companyRole: null,
  actingFor: null,
  actingLost: false,
  ...overrides,
});

function statusOf(fn: () => void): number | 'allowed' {
  try {
    fn();
    return 'allowed';
  } catch (error) {
    if (error instanceof HttpError) return error.statusCode;
    throw error;
  }
}

describe('checkAccess', () => {
  it('fails closed for a route that declares no rule', () => {
    expect(statusOf(() => checkAccess(undefined, user()))).toBe(403);
    expect(statusOf(() => checkAccess(undefined, null))).toBe(401);
  });

  it('lets anyone through public routes', () => {
    expect(statusOf(() => checkAccess('public', null))).toBe('allowed');
  });

  it('asks anonymous callers to sign in', () => {
    expect(() => checkAccess('signed-in', null)).toThrow(NOT_SIGNED_IN);
  });

  it('confines temporary-password users to signed-in routes', () => {
    const temp = user({ isTemporaryPassword: true });
    expect(statusOf(() => checkAccess('signed-in', temp))).toBe('allowed');
    expect(() => checkAccess('user', temp)).toThrow(PASSWORD_CHANGE_REQUIRED);
    expect(() => checkAccess({ permission: 'view_stock' }, temp)).toThrow(PASSWORD_CHANGE_REQUIRED);
  });

  it('needs a chosen role for permission routes', () => {
    expect(() => checkAccess({ permission: 'view_stock' }, user({ activeRole: null }))).toThrow(ROLE_NOT_CHOSEN);
  });

  it('grants exactly the permissions of the active role (table)', () => {
    for (const role of ROLES) {
      for (const permission of PERMISSIONS) {
        const expected = hasPermission(role, permission) ? 'allowed' : 403;
        expect(statusOf(() => checkAccess({ permission }, user({ role: 'admin', activeRole: role })))).toBe(expected);
      }
    }
  });

  it('treats an admin acting as salesperson as a salesperson for admin routes', () => {
    expect(statusOf(() => checkAccess('admin', user({ activeRole: 'salesperson' })))).toBe(403);
    expect(statusOf(() => checkAccess('admin', user({ activeRole: 'admin' })))).toBe('allowed');
    expect(statusOf(() => checkAccess('admin', user({ role: 'salesperson', activeRole: 'salesperson' })))).toBe(403);
  });

  it('lets only the listed active roles through a roles rule', () => {
    const rule = { roles: ['salesperson', 'admin'] as const };
    expect(statusOf(() => checkAccess(rule, user({ activeRole: 'admin' })))).toBe('allowed');
    expect(statusOf(() => checkAccess(rule, user({ role: 'salesperson', activeRole: 'salesperson' })))).toBe('allowed');
    expect(statusOf(() => checkAccess(rule, user({ role: 'bold_customer', activeRole: 'bold_customer' })))).toBe(403);
    expect(statusOf(() => checkAccess(rule, user({ activeRole: 'bold_customer' })))).toBe(403);
    expect(() => checkAccess(rule, user({ activeRole: null }))).toThrow(ROLE_NOT_CHOSEN);
    expect(statusOf(() => checkAccess(rule, null))).toBe(401);
  });
});

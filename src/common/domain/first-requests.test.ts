import { describe, expect, it } from 'vitest';
import { firstRequestsOf, type FirstRequestsUser } from './first-requests';
import { permissionsOf, type Role } from './permissions';

const as = (role: Role, overrides: Partial<FirstRequestsUser> = {}): FirstRequestsUser => ({
  activeRole: role,
  permissions: permissionsOf(role),
  isTemporaryPassword: false,
  ...overrides,
});

describe('a page\'s first requests (ADR 0152)', () => {
  it("names a salesperson's dashboard data: cart, announcements, the Last Updated setting", () => {
    expect(firstRequestsOf('/dashboard', as('salesperson'))).toEqual(['/api/carts', '/api/announcements', '/api/system/settings']);
  });

  it('gives other roles no announcements on the dashboard', () => {
    expect(firstRequestsOf('/dashboard', as('admin'))).toEqual(['/api/carts', '/api/system/settings']);
    expect(firstRequestsOf('/dashboard', as('bold_customer'))).toEqual(['/api/carts', '/api/system/settings']);
  });

  it('names only the cart on other framed pages', () => {
    expect(firstRequestsOf('/orders', as('admin'))).toEqual(['/api/carts']);
    expect(firstRequestsOf('/prices', as('salesperson'))).toEqual(['/api/carts']);
  });

  it('names the catalogue as columns on /stock for whoever may view stock (ADR 0188)', () => {
    expect(firstRequestsOf('/stock', as('bold_customer'))).toEqual(['/api/carts', '/api/products/columns']);
    expect(firstRequestsOf('/stock', as('admin'))).toEqual(['/api/carts', '/api/products/columns']);
    expect(firstRequestsOf('/stock', as('admin', { permissions: ['manage_users'] }))).toEqual([]);
  });

  it("names a company dealer's price overlay beside the catalogue on /stock, and nobody else's (ADR 0232)", () => {
    expect(firstRequestsOf('/stock', as('bold_customer', { companyId: 7 }))).toEqual(['/api/carts', '/api/products/columns', '/api/products/prices']);
    expect(firstRequestsOf('/stock', as('bold_customer', { companyId: null }))).toEqual(['/api/carts', '/api/products/columns']);
    expect(firstRequestsOf('/stock', as('salesperson', { companyId: 7 }))).toEqual(['/api/carts', '/api/products/columns']);
    expect(firstRequestsOf('/catalog', as('bold_customer', { companyId: 7 }))).toEqual(['/api/carts']);
  });

  it('names the Last Updated setting only where the Check Stock tile shows, the cart only for those who order', () => {
    expect(firstRequestsOf('/dashboard', as('admin', { permissions: ['manage_users'] }))).toEqual([]);
    expect(firstRequestsOf('/dashboard', as('salesperson', { permissions: [] }))).toEqual(['/api/announcements']);
  });

  it('names nothing outside the frame, before a role is chosen or while a password must be changed', () => {
    for (const path of ['/', '/role-select', '/profile-completion']) expect(firstRequestsOf(path, as('admin')), path).toEqual([]);
    expect(firstRequestsOf('/dashboard', as('admin', { activeRole: null }))).toEqual([]);
    expect(firstRequestsOf('/dashboard', as('salesperson', { isTemporaryPassword: true }))).toEqual([]);
  });
});

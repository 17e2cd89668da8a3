import { describe, expect, it } from 'vitest';
import { canActAs, hasPermission, permissionsOf, roleOrDefault, selectableRoles } from './permissions';

describe('spec §6 permission table', () => {
  it('gives admins every permission', () => {
    expect(permissionsOf('admin')).toEqual([
      'view_stock',
      'edit_stock',
      'download_template',
      'upload_template',
      'manage_orders',
      'view_prices',
      'chat',
      'manage_users',
    ]);
  });

  it('gives salespeople stock, orders, prices and chat', () => {
    expect(permissionsOf('salesperson')).toEqual(['view_stock', 'manage_orders', 'view_prices', 'chat']);
  });

  it('gives BOLD customers stock, prices and chat only', () => {
    expect(permissionsOf('bold_customer')).toEqual(['view_stock', 'view_prices', 'chat']);
    expect(hasPermission('bold_customer', 'manage_orders')).toBe(false);
  });

  it('grants nothing without a role', () => {
    expect(hasPermission(null, 'view_stock')).toBe(false);
  });

  it('defaults a missing role to salesperson', () => {
    expect(roleOrDefault(undefined)).toBe('salesperson');
    expect(roleOrDefault('bogus')).toBe('salesperson');
    expect(roleOrDefault('admin')).toBe('admin');
  });

  it('lets only admins act as another role', () => {
    expect(canActAs('admin', 'bold_customer')).toBe(true);
    expect(canActAs('salesperson', 'admin')).toBe(false);
    expect(canActAs('bold_customer', 'salesperson')).toBe(false);
    expect(selectableRoles('admin')).toEqual(['admin', 'salesperson', 'bold_customer']);
    expect(selectableRoles('bold_customer')).toEqual(['bold_customer']);
  });
});

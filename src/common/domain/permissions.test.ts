import { describe, expect, it } from 'vitest';
import {
  canActAs,
  hasPermission,
  isRole,
  PERMISSIONS,
  permissionsOf,
  ROLE_DESCRIPTIONS,
  ROLE_LABELS,
  ROLES,
  roleOrDefault,
  selectableRoles,
} from './permissions';

describe('Permission table', () => {
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

  it('grants what the table gives, not only refuses what it does not', () => {
    for (const role of ROLES) {
      for (const permission of PERMISSIONS) {
        expect(hasPermission(role, permission), `${role} ${permission}`).toBe(permissionsOf(role).includes(permission));
      }
    }
    expect(hasPermission('bold_customer', 'view_prices')).toBe(true);
    expect(hasPermission('salesperson', 'manage_orders')).toBe(true);
    expect(hasPermission('salesperson', 'manage_users')).toBe(false);
    expect(hasPermission('admin', 'manage_users')).toBe(true);
    expect(hasPermission(undefined, 'chat')).toBe(false);
  });

  it('lets everyone act as their own role, and offers a salesperson only that', () => {
    for (const role of ROLES) expect(canActAs(role, role)).toBe(true);
    expect(canActAs('admin', 'salesperson')).toBe(true);
    expect(selectableRoles('salesperson')).toEqual(['salesperson']);
  });

  it('knows a role only by its exact name', () => {
    for (const role of ROLES) expect(isRole(role)).toBe(true);
    for (const value of ['Admin', '', 'admin ', null, undefined, 1, ['admin']]) expect(isRole(value)).toBe(false);
  });

  it('names and describes each role as the Select Role screen shows it', () => {
    expect(ROLE_LABELS).toEqual({ admin: 'Admin', salesperson: 'Salesperson', bold_customer: 'BOLD Customer' });
    expect(ROLE_DESCRIPTIONS).toEqual({
      admin: 'Full access including stock template management',
      salesperson: 'Sales features excluding stock template management',
      bold_customer: 'View stock levels, prices and customer support',
    });
  });
});

import { describe, expect, it } from 'vitest';
import { DASHBOARD_TILES, dashboardTilesFor } from './dashboard-tiles';
import { permissionsOf } from './permissions';

const titles = (role: Parameters<typeof permissionsOf>[0]) =>
  dashboardTilesFor(role, permissionsOf(role)).map((t) => t.title);

describe('dashboardTilesFor', () => {
  it('gives an admin the purchase-order tiles and the admin tiles', () => {
    expect(titles('admin')).toEqual([
      'Check Stock',
      'Current Purchase Order',
      'Work on another PO',
      'Prices',
      'Product Catalog',
      'Order History',
      'Files & Links',
      'Manage Merchandise',
      'Manage Users',
      'Announcements',
      'Activity Logs',
      'Warehouse Calendar',
      'API Tokens',
      'Webhooks',
      'Email Outbox',
    ]);
  });

  it('gives a salesperson the sample-order wording and salesperson tiles, no PO switching, no admin tiles', () => {
    expect(titles('salesperson')).toEqual([
      'Check Stock & Add to Cart',
      'Sample Order',
      'Quick Add to Sample Cart',
      'Additional Merchandise',
      'Prices',
      'Product Catalog',
      'Order History',
      'Files & Links',
    ]);
  });

  it('shows a BOLD customer their purchase orders, prices, catalog and files (docs/decisions/0008)', () => {
    expect(titles('bold_customer')).toEqual([
      'Check Stock',
      'Current Purchase Order',
      'Work on another PO',
      'Prices',
      'Product Catalog',
      'Order History',
      'Files & Links',
    ]);
  });

  it('follows the permissions the server reports, not the role name', () => {
    const tiles = dashboardTilesFor('admin', ['view_prices']);
    expect(tiles.map((t) => t.id)).toEqual(['prices']);
  });

  it('puts the admin tiles in the admin section and the rest in the main section', () => {
    const tiles = dashboardTilesFor('admin', permissionsOf('admin'));
    expect(tiles.filter((t) => t.section === 'admin').map((t) => t.href)).toEqual([
      '/admin/merchandise-upload',
      '/users',
      '/admin/announcements',
      '/admin/activity-logs',
      '/admin/closed-days',
      '/admin/api-tokens',
      '/admin/webhooks',
      '/admin/emails',
    ]);
  });

  it('shows nothing until a role is chosen', () => {
    expect(dashboardTilesFor(null, permissionsOf('admin'))).toEqual([]);
    expect(dashboardTilesFor(undefined, permissionsOf('admin'))).toEqual([]);
  });

  it('links every tile to a distinct route', () => {
    const hrefs = DASHBOARD_TILES.map((t) => t.href);
    expect(new Set(hrefs).size).toBe(hrefs.length);
    expect(DASHBOARD_TILES.map((t) => t.href)).toEqual(expect.arrayContaining(['/stock', '/cart', '/cartselect']));
  });
});

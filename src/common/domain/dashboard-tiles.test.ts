import { describe, expect, it } from 'vitest';
import { adminMenuFor, DASHBOARD_TILES, dashboardTilesFor } from './dashboard-tiles';
import { permissionsOf } from './permissions';

const titles = (role: Parameters<typeof permissionsOf>[0]) =>
  dashboardTilesFor(role, permissionsOf(role)).map((t) => t.title);

describe('dashboardTilesFor', () => {
  it('gives an admin the purchase-order tiles and the admin tiles', () => {
    expect(titles('admin')).toEqual([
      'Check Stock',
      'Current Purchase Order',
      'Work on another PO',
      'Quick Order',
      'Prices',
      'Product Catalog',
      'All Orders',
      'Quotes to Price',
      'Files & Links',
      'Stock Uploads',
      'Notify-me Requests',
      'Manage Merchandise',
      'Manage Users',
      'Companies',
      'Announcements',
      'Activity Logs',
      'Warehouse Calendar',
      'API Tokens',
      'Webhooks',
      'Email Outbox',
      'Price Lists',
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
      'Quotes to Price',
      'Files & Links',
    ]);
  });

  it('shows a BOLD customer their purchase orders, the quick order pad, prices, catalog and files (docs/decisions/0008)', () => {
    expect(titles('bold_customer')).toEqual([
      'Check Stock',
      'Current Purchase Order',
      'Work on another PO',
      'Quick Order',
      'Prices',
      'Product Catalog',
      'Order History',
      'Project Quotes',
      'Files & Links',
    ]);
  });

  it('follows the permissions the server reports, not the role name', () => {
    const tiles = dashboardTilesFor('admin', ['view_prices']);
    expect(tiles.map((t) => t.id)).toEqual(['prices', 'quotes']);
  });

  it('puts the admin tiles in the admin section and the rest in the main section', () => {
    const tiles = dashboardTilesFor('admin', permissionsOf('admin'));
    expect(tiles.filter((t) => t.section === 'admin').map((t) => t.href)).toEqual([
      '/admin/uploads',
      '/admin/notify-requests',
      '/admin/merchandise-upload',
      '/users',
      '/admin/companies',
      '/admin/announcements',
      '/admin/activity-logs',
      '/admin/closed-days',
      '/admin/api-tokens',
      '/admin/webhooks',
      '/admin/emails',
      '/admin/price-lists',
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

  // The whole dashboard each role sees, word for word: a changed title, description or
  // address shows up here for review.
  it('shows a salesperson their tiles with the sample-order titles and descriptions', () => {
    expect(dashboardTilesFor('salesperson', permissionsOf('salesperson')).map((t) => `${t.section} ${t.id} ${t.href} | ${t.title} | ${t.description}`))
      .toMatchInlineSnapshot(`
        [
          "main check-stock /stock | Check Stock & Add to Cart | Find tiles in stock and add them to your sample order",
          "main cart /cart | Sample Order | Review your sample order and continue to checkout",
          "main quick-add /quick-add | Quick Add to Sample Cart | Add samples in bulk, filtered by line and size",
          "main additional-merchandise /additional-merchandise | Additional Merchandise | Displays, handboards, price lists and labels",
          "main prices /prices | Prices | Prices per box and per square foot",
          "main catalog /catalog | Product Catalog | Browse tiles with photos and descriptions",
          "main orders /orders | Order History | Track past orders and reorder",
          "main quotes /quotes | Quotes to Price | Price requested quotes for your dealers, above the floor price",
          "main files /files | Files & Links | Brochures, spec sheets and useful links",
        ]
      `);
  });

  it('shows an admin every tile with the purchase-order wording', () => {
    expect(dashboardTilesFor('admin', permissionsOf('admin')).map((t) => `${t.section} ${t.id} ${t.href} | ${t.title} | ${t.description}`))
      .toMatchInlineSnapshot(`
        [
          "main check-stock /stock | Check Stock | Inventory levels and coverage by line, size, colour and finish",
          "main cart /cart | Current Purchase Order | Review your purchase order and place it",
          "main cart-select /cartselect | Work on another PO | Switch to a saved purchase order or start a new one",
          "main quick-order /quick-order | Quick Order | Type, paste or upload SKUs and quantities into your PO",
          "main prices /prices | Prices | Prices per box and per square foot",
          "main catalog /catalog | Product Catalog | Browse tiles with photos and descriptions",
          "main orders /orders | All Orders | Every customer's and salesperson's orders: status, search, export",
          "main quotes /quotes | Quotes to Price | Price requested quotes, hold lots for them and send them",
          "main files /files | Files & Links | Brochures, spec sheets and useful links",
          "admin stock-uploads /admin/uploads | Stock Uploads | Upload the stock, lots and incoming files; the upload history",
          "admin notify-requests /admin/notify-requests | Notify-me Requests | Who asked to be emailed when a SKU is back in stock",
          "admin manage-merchandise /admin/merchandise-upload | Manage Merchandise | Displays, labels, price lists and handboards: upload the workbook, edit items",
          "admin manage-users /users | Manage Users | Create and edit accounts, reset passwords",
          "admin companies /admin/companies | Companies | Dealer companies, their locations, buyers and roles",
          "admin announcements /admin/announcements | Announcements | Broadcast to salespeople",
          "admin activity-logs /admin/activity-logs | Activity Logs | Sign-ins, orders and changes across the portal",
          "admin closed-days /admin/closed-days | Warehouse Calendar | Days the warehouse is closed (no pickups or deliveries)",
          "admin api-tokens /admin/api-tokens | API Tokens | Let your ERP read orders and push stock",
          "admin webhooks /admin/webhooks | Webhooks | Order and stock events sent to your ERP, with a delivery log",
          "admin email-outbox /admin/emails | Email Outbox | Order and welcome emails: sent, waiting or failed",
          "admin price-lists /admin/price-lists | Price Lists | Contract and tier prices: lists, files, assignments to companies and groups",
        ]
      `);
  });
});

describe('adminMenuFor (docs/decisions/0214)', () => {
  it("lists an admin's screens under their tiles' names, All Orders first", () => {
    expect(adminMenuFor('admin', permissionsOf('admin')).map((t) => [t.title, t.href])).toEqual([
      ['All Orders', '/orders'],
      ['Stock Uploads', '/admin/uploads'],
      ['Price Lists', '/admin/price-lists'],
      ['Notify-me Requests', '/admin/notify-requests'],
      ['Manage Merchandise', '/admin/merchandise-upload'],
      ['Manage Users', '/users'],
      ['Companies', '/admin/companies'],
      ['Files & Links', '/files'],
      ['Announcements', '/admin/announcements'],
      ['Email Outbox', '/admin/emails'],
      ['Activity Logs', '/admin/activity-logs'],
      ['Warehouse Calendar', '/admin/closed-days'],
      ['API Tokens', '/admin/api-tokens'],
      ['Webhooks', '/admin/webhooks'],
    ]);
  });

  it('is empty for an admin acting as another role, and for other roles', () => {
    expect(adminMenuFor('salesperson', permissionsOf('salesperson'))).toEqual([]);
    expect(adminMenuFor('bold_customer', permissionsOf('bold_customer'))).toEqual([]);
    expect(adminMenuFor(null, permissionsOf('admin'))).toEqual([]);
  });
});

import { ORDERING_PERMISSION, type Permission, type Role } from './permissions';

/**
 * The dashboard tiles, filtered by the active role's permissions as
 * The spec assigns them: view_stock (stock, quick add, merchandise, files, catalog),
 * view_prices (prices), ORDERING_PERMISSION (cart, saved orders, order history:
 * every role keeps its own, docs/decisions/0008),
 * manage_users (the admin tiles). Pure, so both the client and tests use it.
 */

export type DashboardTileId =
  | 'check-stock'
  | 'cart'
  | 'cart-select'
  | 'quick-add'
  | 'quick-order'
  | 'additional-merchandise'
  | 'prices'
  | 'catalog'
  | 'orders'
  | 'files'
  | 'stock-uploads'
  | 'notify-requests'
  | 'manage-merchandise'
  | 'manage-users'
  | 'companies'
  | 'announcements'
  | 'activity-logs'
  | 'closed-days'
  | 'api-tokens'
  | 'webhooks'
  | 'email-outbox'
  | 'price-lists'
  | 'quotes';

/** Who sees a tile besides its permission: a salesperson works on sample orders, others on POs. */
export type TileAudience = 'everyone' | 'salesperson' | 'not-salesperson';

export type TileSection = 'main' | 'admin';

export interface DashboardTileDefinition {
  id: DashboardTileId;
  title: string;
  /** The spec names some tiles differently for salespeople. */
  salespersonTitle?: string;
  description: string;
  salespersonDescription?: string;
  /** An admin (acting as admin) sees some tiles under the name of what they show them (docs/decisions/0214). */
  adminTitle?: string;
  adminDescription?: string;
  href: string;
  permission: Permission;
  audience: TileAudience;
  section: TileSection;
}

export interface DashboardTile {
  id: DashboardTileId;
  title: string;
  description: string;
  href: string;
  section: TileSection;
}

export const DASHBOARD_TILES: readonly DashboardTileDefinition[] = [
  {
    id: 'check-stock',
    title: 'Check Stock',
    salespersonTitle: 'Check Stock & Add to Cart',
    description: 'Inventory levels and coverage by line, size, colour and finish',
    salespersonDescription: 'Find tiles in stock and add them to your sample order',
    href: '/stock',
    permission: 'view_stock',
    audience: 'everyone',
    section: 'main',
  },
  {
    id: 'cart',
    title: 'Current Purchase Order',
    salespersonTitle: 'Sample Order',
    description: 'Review your purchase order and place it',
    salespersonDescription: 'Review your sample order and continue to checkout',
    href: '/cart',
    permission: ORDERING_PERMISSION,
    audience: 'everyone',
    section: 'main',
  },
  {
    id: 'cart-select',
    title: 'Work on another PO',
    description: 'Switch to a saved purchase order or start a new one',
    href: '/cartselect',
    permission: ORDERING_PERMISSION,
    audience: 'not-salesperson',
    section: 'main',
  },
  {
    // ADR 0190: the dealers' quick order pad; salespeople keep Quick Add.
    id: 'quick-order',
    title: 'Quick Order',
    description: 'Type, paste or upload SKUs and quantities into your PO',
    href: '/quick-order',
    permission: ORDERING_PERMISSION,
    audience: 'not-salesperson',
    section: 'main',
  },
  {
    id: 'quick-add',
    title: 'Quick Add to Sample Cart',
    description: 'Add samples in bulk, filtered by line and size',
    href: '/quick-add',
    permission: 'view_stock',
    audience: 'salesperson',
    section: 'main',
  },
  {
    id: 'additional-merchandise',
    title: 'Additional Merchandise',
    description: 'Displays, handboards, price lists and labels',
    href: '/additional-merchandise',
    permission: 'view_stock',
    audience: 'salesperson',
    section: 'main',
  },
  {
    id: 'prices',
    title: 'Prices',
    description: 'Prices per box and per square foot',
    href: '/prices',
    permission: 'view_prices',
    audience: 'everyone',
    section: 'main',
  },
  {
    id: 'catalog',
    title: 'Product Catalog',
    description: 'Browse tiles with photos and descriptions',
    href: '/catalog',
    permission: 'view_stock',
    audience: 'everyone',
    section: 'main',
  },
  {
    id: 'orders',
    title: 'Order History',
    description: 'Track past orders and reorder',
    adminTitle: 'All Orders',
    adminDescription: "Every customer's and salesperson's orders: status, search, export",
    href: '/orders',
    permission: ORDERING_PERMISSION,
    audience: 'everyone',
    section: 'main',
  },
  {
    id: 'quotes',
    title: 'Project Quotes',
    description: 'Ask for a price on a job, hold one lot for it, order it in phases',
    adminTitle: 'Quotes to Price',
    adminDescription: 'Price requested quotes, hold lots for them and send them',
    salespersonTitle: 'Quotes to Price',
    salespersonDescription: 'Price requested quotes for your dealers, above the floor price',
    href: '/quotes',
    permission: 'view_prices',
    audience: 'everyone',
    section: 'main',
  },
  {
    id: 'files',
    title: 'Files & Links',
    description: 'Brochures, spec sheets and useful links',
    href: '/files',
    permission: 'view_stock',
    audience: 'everyone',
    section: 'main',
  },
  {
    id: 'stock-uploads',
    title: 'Stock Uploads',
    description: 'Upload the stock, lots and incoming files; the upload history',
    href: '/admin/uploads',
    permission: 'manage_users',
    audience: 'everyone',
    section: 'admin',
  },
  {
    id: 'notify-requests',
    title: 'Notify-me Requests',
    description: 'Who asked to be emailed when a SKU is back in stock',
    href: '/admin/notify-requests',
    permission: 'manage_users',
    audience: 'everyone',
    section: 'admin',
  },
  {
    id: 'manage-merchandise',
    title: 'Manage Merchandise',
    description: 'Displays, labels, price lists and handboards: upload the workbook, edit items',
    href: '/admin/merchandise-upload',
    permission: 'manage_users',
    audience: 'everyone',
    section: 'admin',
  },
  {
    id: 'manage-users',
    title: 'Manage Users',
    description: 'Create and edit accounts, reset passwords',
    href: '/users',
    permission: 'manage_users',
    audience: 'everyone',
    section: 'admin',
  },
  {
    // docs/decisions/0230: dealer companies, their locations and buyers.
    id: 'companies',
    title: 'Companies',
    description: 'Dealer companies, their locations, buyers and roles',
    href: '/admin/companies',
    permission: 'manage_users',
    audience: 'everyone',
    section: 'admin',
  },
  {
    id: 'announcements',
    title: 'Announcements',
    description: 'Broadcast to salespeople',
    href: '/admin/announcements',
    permission: 'manage_users',
    audience: 'everyone',
    section: 'admin',
  },
  {
    id: 'activity-logs',
    title: 'Activity Logs',
    description: 'Sign-ins, orders and changes across the portal',
    href: '/admin/activity-logs',
    permission: 'manage_users',
    audience: 'everyone',
    section: 'admin',
  },
  {
    id: 'closed-days',
    title: 'Warehouse Calendar',
    description: 'Days the warehouse is closed (no pickups or deliveries)',
    href: '/admin/closed-days',
    permission: 'manage_users',
    audience: 'everyone',
    section: 'admin',
  },
  {
    id: 'api-tokens',
    title: 'API Tokens',
    description: 'Let your ERP read orders and push stock',
    href: '/admin/api-tokens',
    permission: 'manage_users',
    audience: 'everyone',
    section: 'admin',
  },
  {
    id: 'webhooks',
    title: 'Webhooks',
    description: 'Order and stock events sent to your ERP, with a delivery log',
    href: '/admin/webhooks',
    permission: 'manage_users',
    audience: 'everyone',
    section: 'admin',
  },
  {
    id: 'email-outbox',
    title: 'Email Outbox',
    description: 'Order and welcome emails: sent, waiting or failed',
    href: '/admin/emails',
    permission: 'manage_users',
    audience: 'everyone',
    section: 'admin',
  },  {
    id: 'price-lists',
    title: 'Price Lists',
    description: 'Contract and tier prices: lists, files, assignments to companies and groups',
    href: '/admin/price-lists',
    permission: 'manage_users',
    audience: 'everyone',
    section: 'admin',
  },
];

const AUDIENCE_ALLOWS: Record<TileAudience, (isSalesperson: boolean) => boolean> = {
  everyone: () => true,
  salesperson: (isSalesperson) => isSalesperson,
  'not-salesperson': (isSalesperson) => !isSalesperson,
};

/**
 * The tiles for a session: `activeRole` is the role chosen for the session (an admin
 * acting as salesperson sees the salesperson's tiles) and `permissions` are that
 * role's permissions as the server reports them. No role chosen yet: no tiles.
 */
export function dashboardTilesFor(
  activeRole: Role | null | undefined,
  permissions: readonly Permission[],
): DashboardTile[] {
  if (!activeRole) return [];
  const isSalesperson = activeRole === 'salesperson';
  const isAdmin = activeRole === 'admin';
  return DASHBOARD_TILES.filter(
    (tile) => permissions.includes(tile.permission) && AUDIENCE_ALLOWS[tile.audience](isSalesperson),
  ).map((tile) => ({
    id: tile.id,
    title: (isSalesperson && tile.salespersonTitle) || (isAdmin && tile.adminTitle) || tile.title,
    description: (isSalesperson && tile.salespersonDescription) || (isAdmin && tile.adminDescription) || tile.description,
    href: tile.href,
    section: tile.section,
  }));
}

/**
 * The admin menu of the header (docs/decisions/0214): an admin's screens, in the order an office
 * admin's day uses them, under the same names as their tiles. Empty unless the admin acts as admin.
 */
const ADMIN_MENU: readonly DashboardTileId[] = [
  'orders',
  'stock-uploads',
  'price-lists',
  'notify-requests',
  'manage-merchandise',
  'manage-users',
  'companies',
  'files',
  'announcements',
  'email-outbox',
  'activity-logs',
  'closed-days',
  'api-tokens',
  'webhooks',
];

export function adminMenuFor(activeRole: Role | null | undefined, permissions: readonly Permission[]): DashboardTile[] {
  if (activeRole !== 'admin') return [];
  const tiles = new Map(dashboardTilesFor(activeRole, permissions).map((tile) => [tile.id, tile]));
  return ADMIN_MENU.flatMap((id) => tiles.get(id) ?? []);
}

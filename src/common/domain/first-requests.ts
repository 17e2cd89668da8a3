import { dashboardTilesFor } from './dashboard-tiles';
import { ORDERING_PERMISSION, type Permission, type Role } from './permissions';

/** The data calls a page may ask for before it renders (ADR 0152). */
export type FirstRequest = '/api/carts' | '/api/announcements' | '/api/system/settings' | '/api/products/columns' | '/api/products/prices';

/** What decides a page's first requests: the signed-in user's role and permissions. */
export interface FirstRequestsUser {
  activeRole: Role | null;
  permissions: readonly Permission[];
  isTemporaryPassword: boolean;
  /** A dealer's company: their prices are an overlay on the catalogue (docs/decisions/0232). */
  companyId?: number | null;
}

/** Who may read the catalogue (GET /api/products and its columns). */
const CATALOGUE_PERMISSION: Permission = 'view_stock';

/** Addresses outside the app frame: no cart link there. */
const UNFRAMED = new Set(['/', '/role-select', '/profile-completion']);

/**
 * The GET calls a page opened by address surely makes for this user, in one place for both
 * sides (ADR 0152): the server names them in the app page as `<link rel="preload">`,
 * so they leave with the HTML, and the portal asks for them the moment it starts, with the very
 * query options its components use. Only what the page is sure to ask for: an extra request is
 * worse than a late one (and the browser warns about a preload nobody used).
 *
 * The catalogue on /stock (ADR 0188): as columns it is a smaller download (the demo catalogue 36 KB
 * instead of 53 KB with brotli, 50,000 products 23 KB instead of 290 KB), and asked for with the
 * page it is there when the JavaScript has run, rather than a round trip after it. ADR 0152 had
 * left it out while it was the array of objects that took a phone's bandwidth from the JavaScript.
 */
export function firstRequestsOf(path: string, user: FirstRequestsUser): FirstRequest[] {
  if (user.isTemporaryPassword || !user.activeRole || UNFRAMED.has(path)) return [];
  const requests: FirstRequest[] = [];
  // The frame's cart link (features/cart/components/cart-link) on every framed page.
  if (user.permissions.includes(ORDERING_PERMISSION)) requests.push('/api/carts');
  if (path === '/stock' && user.permissions.includes(CATALOGUE_PERMISSION)) {
    requests.push('/api/products/columns');
    // A dealer's own prices leave with the catalogue, not after it (docs/decisions/0232).
    if (user.activeRole === 'bold_customer' && user.companyId != null && user.permissions.includes('view_prices')) requests.push('/api/products/prices');
  }
  if (path === '/dashboard') {
    if (user.activeRole === 'salesperson') requests.push('/api/announcements');
    if (dashboardTilesFor(user.activeRole, user.permissions).some((tile) => tile.id === 'check-stock')) requests.push('/api/system/settings');
  }
  return requests;
}

/**
 * The id of the `<script type="application/json">` in which the server's app page carries the
 * signed-in user (what `GET /api/user` would answer), so the portal starts without asking.
 */
export const PAGE_USER_ELEMENT_ID = 'signed-in-user';

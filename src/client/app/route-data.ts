import type { QueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@common/contracts/auth';
import { dashboardTilesFor } from '@common/domain/dashboard-tiles';
import { ORDERING_PERMISSION } from '@common/domain/permissions';
import { cartsQueryOptions } from '@client/api/get-carts';
import { productsQueryOptions } from '@client/api/get-products';
import { systemSettingsQueryOptions } from '@client/api/get-system-settings';
import { announcementsQueryOptions } from '@client/features/announcements/api/get-announcements';
import { userQueryKey } from '@client/features/auth/api/get-user';

/** Addresses outside the app frame: no cart link there. */
const UNFRAMED = new Set(['/', '/role-select', '/profile-completion']);
const CATALOGUE_PAGES = new Set(['/stock', '/catalog', '/prices']);

/**
 * The first queries a page opened by address makes, for this user. They are the same query
 * options the components use, so the components find them in flight and do not ask again.
 * Only what the page is sure to ask for: an extra request is worse than a late one.
 */
function prefetchFirstQueries(client: QueryClient, path: string, user: CurrentUser): void {
  if (user.isTemporaryPassword || !user.activeRole || UNFRAMED.has(path)) return;
  const canOrder = user.permissions.includes(ORDERING_PERMISSION);
  // The frame's cart link (features/cart/components/cart-link) on every framed page.
  if (canOrder) void client.prefetchQuery(cartsQueryOptions());
  if (path === '/dashboard') {
    if (user.activeRole === 'salesperson') void client.prefetchQuery(announcementsQueryOptions());
    if (dashboardTilesFor(user.activeRole, user.permissions).some((tile) => tile.id === 'check-stock')) {
      void client.prefetchQuery(systemSettingsQueryOptions());
    }
  }
  if (CATALOGUE_PAGES.has(path) && user.permissions.includes('view_stock')) void client.prefetchQuery(productsQueryOptions());
}

/**
 * Issue 15 (ADR 0151): on a page opened by address, the page's data used to be requested only
 * after React had rendered the portal, the frame and the page, which on a phone's CPU is most of
 * a second after the user answer arrived. The requests now leave the moment the signed-in user
 * is known, beside that rendering.
 */
export function prefetchFirstQueriesOnSignIn(client: QueryClient, currentPath: () => string = () => window.location.pathname): void {
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || event.query.queryKey[0] !== userQueryKey[0]) return;
    // Once, for the page the portal opened on; later answers (a role change) render their own pages.
    unsubscribe();
    const user = event.query.state.data as CurrentUser | null | undefined;
    if (!user) return;
    prefetchFirstQueries(client, currentPath(), user);
  });
}

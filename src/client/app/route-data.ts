import type { QueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@common/contracts/auth';
import { firstRequestsOf, type FirstRequest } from '@common/domain/first-requests';
import { cartsQueryOptions } from '@client/api/get-carts';
import { productsQueryOptions } from '@client/api/get-products';
import { productPricesQueryOptions } from '@client/api/get-product-prices';
import { systemSettingsQueryOptions } from '@client/api/get-system-settings';
import { announcementsQueryOptions } from '@client/features/announcements/api/get-announcements';
import { userQueryKey } from '@client/features/auth/api/get-user';

/** Each first request with the query options the components use (same key: they find it in flight). */
const PREFETCH: Record<FirstRequest, (client: QueryClient) => Promise<void>> = {
  '/api/carts': (client) => client.prefetchQuery(cartsQueryOptions()),
  '/api/announcements': (client) => client.prefetchQuery(announcementsQueryOptions()),
  '/api/system/settings': (client) => client.prefetchQuery(systemSettingsQueryOptions()),
  '/api/products/columns': (client) => client.prefetchQuery(productsQueryOptions()),
  '/api/products/prices': (client) => client.prefetchQuery(productPricesQueryOptions()),
};

/**
 * The first queries of a page opened by address, for this user (`@common/domain/first-requests`).
 * The server named the same calls in the page as preloads, so these fetches take the answers
 * the browser is already downloading.
 */
export function prefetchFirstQueries(client: QueryClient, path: string, user: CurrentUser): Promise<void> {
  // prefetchQuery never rejects: a failed call is the query's error state, shown by its component.
  return Promise.all(firstRequestsOf(path, user).map((request) => PREFETCH[request](client))).then(() => undefined);
}

/**
 * ADR 0151: when the page did not say who is signed in (ADR 0152), the page's data
 * requests leave the moment the user answer arrives, beside the rendering, instead of after it.
 */
export function prefetchFirstQueriesOnSignIn(client: QueryClient, currentPath: () => string = () => window.location.pathname): void {
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || event.query.queryKey[0] !== userQueryKey[0]) return;
    // Once, for the page the portal opened on; later answers (a role change) render their own pages.
    unsubscribe();
    const user = event.query.state.data as CurrentUser | null | undefined;
    if (!user) return;
    void prefetchFirstQueries(client, currentPath(), user);
  });
}

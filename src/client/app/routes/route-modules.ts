/**
 * Which code each address needs before it can paint (issue 15, ADR 0151). The build turns this
 * into dist/client/route-preloads.json (scripts/route-preloads.ts) and the server puts those
 * chunks in the HTML as modulepreload links, so a phone fetches the page's chunks at once
 * instead of one after the other (entry → portal → page). The build fails when a module
 * named here is not in the bundle; `route-modules.test.ts` fails when a route of router.tsx is
 * missing here. Paths are relative to src/client, without the extension.
 */
export interface RouteModules {
  /** The page's module (what routes/pages.ts or admin-pages.ts imports lazily). */
  page: string;
}

/** Every portal route also needs the portal (router, frame) and the auth contracts (the user answer is parsed). */
export const PORTAL_MODULES = ['app/portal-app', 'features/auth/api/auth-contracts'] as const;
export const SIGN_IN_MODULE = 'app/sign-in-app';

export const ROUTE_MODULES: Record<string, RouteModules> = {
  '/': { page: 'features/auth/pages/role-select-page' },
  '/role-select': { page: 'features/auth/pages/role-select-page' },
  '/profile-completion': { page: 'features/auth/pages/profile-completion-page' },
  '/profile': { page: 'app/routes/profile-route' },
  '/dashboard': { page: 'app/routes/dashboard-route' },
  '/users': { page: 'features/users/pages/users-page' },
  '/admin/password-reset': { page: 'features/users/pages/users-page' },
  '/admin/announcements': { page: 'features/announcements/pages/manage-announcements-page' },
  '/stock': { page: 'app/routes/stock-route' },
  '/prices': { page: 'features/catalogue/pages/prices-page' },
  '/price-list.pdf': { page: 'features/catalogue/pages/price-list-page' },
  '/catalog': { page: 'app/routes/stock-route' },
  '/cart': { page: 'features/cart/pages/cart-page' },
  '/cartselect': { page: 'features/cart/pages/cart-select-page' },
  '/order-details': { page: 'features/cart/pages/checkout-page' },
  '/orders': { page: 'app/routes/orders-route' },
  '/orders/:id': { page: 'app/routes/order-detail-route' },
  '/files': { page: 'features/files/pages/files-page' },
  '/additional-merchandise': { page: 'features/merchandise/pages/additional-merchandise-page' },
  '/quick-add': { page: 'features/quick-add/pages/quick-add-page' },
  '/admin/merchandise-upload': { page: 'features/merchandise/pages/merchandise-upload-page' },
  '/admin/closed-days': { page: 'features/calendar/pages/closed-days-page' },
  '/admin/activity-logs': { page: 'features/activity/pages/activity-logs-page' },
  '/admin/api-tokens': { page: 'features/integrations/pages/api-tokens-page' },
  '/admin/webhooks': { page: 'features/integrations/pages/webhooks-page' },
};

/** The modules a route needs, in load order. */
export function modulesFor(route: string): string[] {
  if (route === '/auth') return [SIGN_IN_MODULE];
  const entry = ROUTE_MODULES[route];
  if (!entry) return [];
  return [...PORTAL_MODULES, entry.page];
}

/** Every route with preloads: /auth and the portal's routes. */
export const PRELOADED_ROUTES = ['/auth', ...Object.keys(ROUTE_MODULES)];

/**
 * Which code each address needs before it can paint (ADR 0151). The build turns this
 * into dist/client/route-preloads.json (scripts/route-preloads.ts) and the server puts those
 * chunks in the HTML as modulepreload links, so a phone fetches the page's chunks at once
 * instead of one after the other (entry → portal → page). The build fails when a module
 * named here is not in the bundle; `route-modules.test.ts` fails when a route of router.tsx is
 * missing here. Paths are relative to src/, without the extension.
 */
export interface RouteModules {
  /** The page's module (what routes/pages.ts or admin-pages.ts imports lazily). */
  page: string;
}

/**
 * Every portal route also needs the portal (router, frame). No contract: the browser does not
 * check the server's answers again (ADR 0154), so a page without a form loads no zod.
 */
export const PORTAL_MODULES = ['client/app/portal-app'] as const;
export const SIGN_IN_MODULE = 'client/app/sign-in-app';
/** React and the app switch, which the entry imports once the shell has painted (main.tsx, ADR 0152). */
export const BOOT_MODULE = 'client/boot';

export const ROUTE_MODULES: Record<string, RouteModules> = {
  '/': { page: 'client/features/auth/pages/role-select-page' },
  '/role-select': { page: 'client/features/auth/pages/role-select-page' },
  '/profile-completion': { page: 'client/features/auth/pages/profile-completion-page' },
  '/profile': { page: 'client/app/routes/profile-route' },
  '/confirm-email': { page: 'client/app/routes/confirm-email-route' },
  '/dashboard': { page: 'client/app/routes/dashboard-route' },
  '/users': { page: 'client/features/users/pages/users-page' },
  '/admin/password-reset': { page: 'client/features/users/pages/users-page' },
  '/admin/announcements': { page: 'client/features/announcements/pages/manage-announcements-page' },
  '/stock': { page: 'client/app/routes/stock-route' },
  '/prices': { page: 'client/features/price-list/pages/prices-page' },
  '/price-list.pdf': { page: 'client/features/price-list/pages/price-list-page' },
  '/catalog': { page: 'client/app/routes/stock-route' },
  '/cart': { page: 'client/app/routes/cart-route' },
  '/cartselect': { page: 'client/features/cart/pages/cart-select-page' },
  '/order-details': { page: 'client/features/cart/pages/checkout-page' },
  '/orders': { page: 'client/app/routes/orders-route' },
  '/orders/:id': { page: 'client/app/routes/order-detail-route' },
  '/orders/:id/placed': { page: 'client/app/routes/order-placed-route' },
  '/approvals': { page: 'client/features/orders/pages/approvals-page' },
  '/quotes': { page: 'client/features/quotes/pages/quotes-page' },
  '/quotes/new': { page: 'client/features/quotes/pages/request-quote-page' },
  '/quotes/:id': { page: 'client/features/quotes/pages/quote-page' },
  '/approvals/:id': { page: 'client/features/orders/pages/approvals-page' },
  '/files': { page: 'client/features/files/pages/files-page' },
  '/additional-merchandise': { page: 'client/features/merchandise/pages/additional-merchandise-page' },
  '/quick-add': { page: 'client/features/quick-add/pages/quick-add-page' },
  '/quick-order': { page: 'client/features/quick-add/pages/quick-order-page' },
  '/field': { page: 'client/features/field-mode/pages/field-order-page' },
  '/admin/merchandise-upload': { page: 'client/features/merchandise/pages/merchandise-upload-page' },
  '/admin/closed-days': { page: 'client/features/calendar/pages/closed-days-page' },
  '/admin/activity-logs': { page: 'client/features/activity/pages/activity-logs-page' },
  '/admin/api-tokens': { page: 'client/features/api-tokens/pages/api-tokens-page' },
  '/admin/webhooks': { page: 'client/features/webhooks/pages/webhooks-page' },
  '/admin/companies': { page: 'client/features/companies/pages/companies-page' },
  '/admin/companies/:id': { page: 'client/features/companies/pages/company-page' },
  '/company': { page: 'client/features/companies/pages/my-company-page' },
  '/admin/emails': { page: 'client/features/mail/pages/email-outbox-page' },
  '/admin/uploads': { page: 'client/features/imports/pages/stock-uploads-page' },
  '/admin/notify-requests': { page: 'client/features/notify-requests/pages/notify-requests-page' },
  '/admin/price-lists': { page: 'client/features/price-list/pages/admin-price-lists-page' },
  '/admin/price-lists/:id': { page: 'client/features/price-list/pages/admin-price-list-page' },
};

/** The modules a route needs, in load order. */
export function modulesFor(route: string): string[] {
  if (route === '/auth') return [BOOT_MODULE, SIGN_IN_MODULE];
  const entry = ROUTE_MODULES[route];
  if (!entry) return [BOOT_MODULE, ...PORTAL_MODULES];
  return [BOOT_MODULE, ...PORTAL_MODULES, entry.page];
}

/** The key of route-preloads.json for any other address (the 404 screen): React and the portal. */
export const OTHER_ADDRESSES = '*';

/** Every route with preloads: /auth and the portal's routes. */
export const PRELOADED_ROUTES = ['/auth', ...Object.keys(ROUTE_MODULES), OTHER_ADDRESSES];

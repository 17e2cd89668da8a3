import { preloadableLazy } from '@client/lib/preloadable-lazy';

/*
 * Every page is its own chunk, loaded on first visit: the sign-in page on
 * a phone over a mobile network downloads the app shell and the sign-in form, not
 * the stock table, the cart or the date picker. Rollup places each library with the
 * pages that use it (ADR 0150). The page an address opens on is loaded before React's first
 * render (`preloadPage`, ADR 0187), so that render commits the page, not a spinner first.
 */
export const ProfileCompletionPage = preloadableLazy(() => import('@client/features/auth/pages/profile-completion-page').then((m) => m.ProfileCompletionPage));
export const RoleSelectPage = preloadableLazy(() => import('@client/features/auth/pages/role-select-page').then((m) => m.RoleSelectPage));
export const CartPage = preloadableLazy(() => import('./cart-route').then((m) => m.CartRoute));
export const CartSelectPage = preloadableLazy(() => import('@client/features/cart/pages/cart-select-page').then((m) => m.CartSelectPage));
export const CheckoutPage = preloadableLazy(() => import('@client/features/cart/pages/checkout-page').then((m) => m.CheckoutPage));
export const PriceListPage = preloadableLazy(() => import('@client/features/price-list/pages/price-list-page').then((m) => m.PriceListPage));
export const PricesPage = preloadableLazy(() => import('@client/features/price-list/pages/prices-page').then((m) => m.PricesPage));
export const FilesPage = preloadableLazy(() => import('@client/features/files/pages/files-page').then((m) => m.FilesPage));
export const AdditionalMerchandisePage = preloadableLazy(() => import('@client/features/merchandise/pages/additional-merchandise-page').then((m) => m.AdditionalMerchandisePage));
export const QuickOrderPage = preloadableLazy(() => import('@client/features/quick-add/pages/quick-order-page').then((m) => m.QuickOrderPage));
export const QuickAddPage = preloadableLazy(() => import('@client/features/quick-add/pages/quick-add-page').then((m) => m.QuickAddPage));
export const FieldOrderPage = preloadableLazy(() => import('@client/features/field-mode/pages/field-order-page').then((m) => m.FieldOrderPage));
export const MyCompanyPage = preloadableLazy(() => import('@client/features/companies/pages/my-company-page').then((m) => m.MyCompanyPage));
export const StockRoute = preloadableLazy(() => import('./stock-route').then((m) => m.StockRoute));
export const CatalogRoute = preloadableLazy(() => import('./stock-route').then((m) => m.CatalogRoute));
export const ProfileRoute = preloadableLazy(() => import('./profile-route').then((m) => m.ProfileRoute));
export const ConfirmEmailRoute = preloadableLazy(() => import('./confirm-email-route').then((m) => m.ConfirmEmailRoute));
export const DashboardRoute = preloadableLazy(() => import('./dashboard-route').then((m) => m.DashboardRoute));
export const OrderDetailRoute = preloadableLazy(() => import('./order-detail-route').then((m) => m.OrderDetailRoute));
export const OrderPlacedRoute = preloadableLazy(() => import('./order-placed-route').then((m) => m.OrderPlacedRoute));
export const OrdersRoute = preloadableLazy(() => import('./orders-route').then((m) => m.OrdersRoute));
export const QuotesPage = preloadableLazy(() => import('@client/features/quotes/pages/quotes-page').then((m) => m.QuotesPage));
export const RequestQuotePage = preloadableLazy(() => import('@client/features/quotes/pages/request-quote-page').then((m) => m.RequestQuotePage));
export const QuotePage = preloadableLazy(() => import('@client/features/quotes/pages/quote-page').then((m) => m.QuotePage));
export const ApprovalsPage = preloadableLazy(() => import('@client/features/orders/pages/approvals-page').then((m) => m.ApprovalsPage));

/** The page each address without a parameter opens on; others (admin screens, an order) suspend on first render. */
const PAGE_OF: Record<string, { preload(): Promise<void> }> = {
  '/': RoleSelectPage,
  '/role-select': RoleSelectPage,
  '/profile-completion': ProfileCompletionPage,
  '/profile': ProfileRoute,
  '/confirm-email': ConfirmEmailRoute,
  '/dashboard': DashboardRoute,
  '/stock': StockRoute,
  '/catalog': CatalogRoute,
  '/prices': PricesPage,
  '/cart': CartPage,
  '/cartselect': CartSelectPage,
  '/order-details': CheckoutPage,
  '/orders': OrdersRoute,
  '/approvals': ApprovalsPage,
  '/quotes': QuotesPage,
  '/quotes/new': RequestQuotePage,
  '/files': FilesPage,
  '/additional-merchandise': AdditionalMerchandisePage,
  '/quick-add': QuickAddPage,
  '/quick-order': QuickOrderPage,
  '/field': FieldOrderPage,
  '/company': MyCompanyPage,
};

/** Loads the page of an address (its chunks are preloaded by the HTML, so this is their evaluation). */
export function preloadPage(path: string): Promise<void> {
  const normalized = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return PAGE_OF[normalized]?.preload() ?? Promise.resolve();
}

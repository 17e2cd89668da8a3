import { lazy } from 'react';

/*
 * Every page is its own chunk, loaded on first visit (issue 15): the sign-in page on
 * a phone over a mobile network downloads the app shell and the sign-in form, not
 * the stock table, the cart or the date picker. Rollup places each library with the
 * pages that use it; there is no hand-made vendor chunk (ADR 0150).
 */
export const ProfileCompletionPage = lazy(() =>
  import('@client/features/auth/pages/profile-completion-page').then((m) => ({ default: m.ProfileCompletionPage })),
);
export const RoleSelectPage = lazy(() => import('@client/features/auth/pages/role-select-page').then((m) => ({ default: m.RoleSelectPage })));
export const CartPage = lazy(() => import('@client/features/cart/pages/cart-page').then((m) => ({ default: m.CartPage })));
export const CartSelectPage = lazy(() => import('@client/features/cart/pages/cart-select-page').then((m) => ({ default: m.CartSelectPage })));
export const CheckoutPage = lazy(() => import('@client/features/cart/pages/checkout-page').then((m) => ({ default: m.CheckoutPage })));
export const PriceListPage = lazy(() => import('@client/features/catalogue/pages/price-list-page').then((m) => ({ default: m.PriceListPage })));
export const PricesPage = lazy(() => import('@client/features/catalogue/pages/prices-page').then((m) => ({ default: m.PricesPage })));
export const FilesPage = lazy(() => import('@client/features/files/pages/files-page').then((m) => ({ default: m.FilesPage })));
export const AdditionalMerchandisePage = lazy(() =>
  import('@client/features/merchandise/pages/additional-merchandise-page').then((m) => ({ default: m.AdditionalMerchandisePage })),
);
export const QuickOrderPage = lazy(() => import('@client/features/quick-add/pages/quick-order-page').then((m) => ({ default: m.QuickOrderPage })));
export const QuickAddPage = lazy(() => import('@client/features/quick-add/pages/quick-add-page').then((m) => ({ default: m.QuickAddPage })));
export const StockRoute = lazy(() => import('./stock-route').then((m) => ({ default: m.StockRoute })));
export const CatalogRoute = lazy(() => import('./stock-route').then((m) => ({ default: m.CatalogRoute })));
export const ProfileRoute = lazy(() => import('./profile-route').then((m) => ({ default: m.ProfileRoute })));
export const DashboardRoute = lazy(() => import('./dashboard-route').then((m) => ({ default: m.DashboardRoute })));
export const OrderDetailRoute = lazy(() => import('./order-detail-route').then((m) => ({ default: m.OrderDetailRoute })));
export const OrdersRoute = lazy(() => import('./orders-route').then((m) => ({ default: m.OrdersRoute })));

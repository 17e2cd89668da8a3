import { lazy } from 'react';

/*
 * The admin screens load on first visit: salespeople and customers, the people on
 * phones in showrooms, never download them.
 */
export const UsersPage = lazy(() => import('@client/features/users/pages/users-page').then((m) => ({ default: m.UsersPage })));
export const ManageAnnouncementsPage = lazy(() =>
  import('@client/features/announcements/pages/manage-announcements-page').then((m) => ({ default: m.ManageAnnouncementsPage })),
);
export const ActivityLogsPage = lazy(() =>
  import('@client/features/activity/pages/activity-logs-page').then((m) => ({ default: m.ActivityLogsPage })),
);
export const MerchandiseUploadPage = lazy(() =>
  import('@client/features/merchandise/pages/merchandise-upload-page').then((m) => ({ default: m.MerchandiseUploadPage })),
);
export const ClosedDaysPage = lazy(() =>
  import('@client/features/calendar/pages/closed-days-page').then((m) => ({ default: m.ClosedDaysPage })),
);
export const ApiTokensPage = lazy(() =>
  import('@client/features/api-tokens/pages/api-tokens-page').then((m) => ({ default: m.ApiTokensPage })),
);
export const CompaniesPage = lazy(() => import('@client/features/companies/pages/companies-page').then((m) => ({ default: m.CompaniesPage })));
export const CompanyPage = lazy(() => import('@client/features/companies/pages/company-page').then((m) => ({ default: m.CompanyPage })));
export const WebhooksPage = lazy(() => import('@client/features/webhooks/pages/webhooks-page').then((m) => ({ default: m.WebhooksPage })));
export const EmailOutboxPage = lazy(() => import('@client/features/mail/pages/email-outbox-page').then((m) => ({ default: m.EmailOutboxPage })));
export const StockUploadsPage = lazy(() =>
  import('@client/features/imports/pages/stock-uploads-page').then((m) => ({ default: m.StockUploadsPage })),
);
export const NotifyRequestsPage = lazy(() =>
  import('@client/features/notify-requests/pages/notify-requests-page').then((m) => ({ default: m.NotifyRequestsPage })),
);
export const AdminPriceListsPage = lazy(() =>
  import('@client/features/price-list/pages/admin-price-lists-page').then((m) => ({ default: m.AdminPriceListsPage })),
);
export const AdminPriceListPage = lazy(() =>
  import('@client/features/price-list/pages/admin-price-list-page').then((m) => ({ default: m.AdminPriceListPage })),
);

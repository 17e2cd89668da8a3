import { Suspense } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { PageSpinner } from '@client/components/ui/spinner';
import { UnauthorizedPage } from '@client/components/unauthorized-page';
import type { Permission } from '@common/domain/permissions';
import { cartWording } from '@common/domain/cart-rules';
import type { CurrentUser } from '@common/contracts/auth';
import type { ReactNode } from 'react';
import { NotFoundPage } from './pages/not-found-page';
import { RequireUser } from './require-user';
import { PreloadAfter } from './routes/preload-after';
import {
  ActivityLogsPage,
  AdminPriceListPage,
  AdminPriceListsPage,
  ApiTokensPage,
  ClosedDaysPage,
  CompaniesPage,
  CompanyPage,
  EmailOutboxPage,
  ManageAnnouncementsPage,
  MerchandiseUploadPage,
  NotifyRequestsPage,
  StockUploadsPage,
  UsersPage,
  WebhooksPage,
} from './routes/admin-pages';
import {
  AdditionalMerchandisePage,
  CartPage,
  CartSelectPage,
  CatalogRoute,
  CheckoutPage,
  DashboardRoute,
  FieldOrderPage,
  FilesPage,
  MyCompanyPage,
  OrderDetailRoute,
  OrderPlacedRoute,
  OrdersRoute,
  ApprovalsPage,
  QuotePage,
  QuotesPage,
  RequestQuotePage,
  PriceListPage,
  PricesPage,
  ProfileCompletionPage,
  ProfileRoute,
  ConfirmEmailRoute,
  QuickAddPage,
  QuickOrderPage,
  RoleSelectPage,
  StockRoute,
} from './routes/pages';
import { Navigate } from '@client/components/navigate';
import { AppFrame } from './frame/app-frame';

/**
 * Route table: every screen of the spec; any other path gets the 404 screen.
 * Every page is loaded on first visit (routes/pages, routes/admin-pages), hence the Suspense.
 * Permission-bound screens show Unauthorized to other roles (`allowed`); the server
 * refuses their calls whatever this says.
 * Every signed-in page after the role choice sits in the one app
 * frame; /role-select and /profile-completion come before it and keep their
 * own small bar (brand and Log Out).
 */
export function AppRouter() {
  const [, navigate] = useLocation();
  return (
    <Suspense fallback={<PageSpinner />}>
      <Switch>
        <Route path="/">
          <RequireUser needsRole={false}>{(user) => <RoleSelectPage user={user} />}</RequireUser>
        </Route>
        <Route path="/role-select">
          <RequireUser needsRole={false}>{(user) => <RoleSelectPage user={user} />}</RequireUser>
        </Route>
        <Route path="/profile-completion">
          <RequireUser needsRole={false} allowTemporaryPassword>
            {(user) => <ProfileCompletionPage user={user} />}
          </RequireUser>
        </Route>
        <Route path="/profile">
          <SignedIn>{(user) => <ProfileRoute user={user} />}</SignedIn>
        </Route>
        <Route path="/confirm-email">
          <SignedIn>{() => <ConfirmEmailRoute />}</SignedIn>
        </Route>
        <Route path="/dashboard">
          <SignedIn>{(user) => <DashboardRoute user={user} />}</SignedIn>
        </Route>
        <Route path="/users">
          <SignedIn>{(user) => <UsersPage user={user} />}</SignedIn>
        </Route>
        {/* The same screen as /users; it opens with the Password Reset Admin Tools. */}
        <Route path="/admin/password-reset">
          <SignedIn>
            {(user) => <UsersPage user={user} toolsOpenAtStart onToolsClosed={() => navigate('/users', { replace: true })} />}
          </SignedIn>
        </Route>
        <Route path="/admin/announcements">
          <SignedIn>{(user) => <ManageAnnouncementsPage user={user} />}</SignedIn>
        </Route>
        <Route path="/stock">
          <SignedIn>{(user) => allowed(user, 'view_stock', <StockRoute user={user} />)}</SignedIn>
        </Route>
        <Route path="/prices">
          <SignedIn>{(user) => allowed(user, 'view_prices', <PricesPage user={user} />)}</SignedIn>
        </Route>
        <Route path="/price-list.pdf">
          <SignedIn>{(user) => allowed(user, 'view_prices', <PriceListPage />)}</SignedIn>
        </Route>
        <Route path="/catalog">
          <SignedIn>{(user) => allowed(user, 'view_stock', <CatalogRoute user={user} />)}</SignedIn>
        </Route>
        <Route path="/cart">
          <SignedIn>
            {(user) => (
              <>
                <CartPage user={user} />
                {/* A PO's Place Order lands there; a sample order returns to the dashboard. */}
                {cartWording(user.activeRole).kind !== 'sample' && <PreloadAfter page={OrderPlacedRoute} />}
              </>
            )}
          </SignedIn>
        </Route>
        <Route path="/cartselect">
          <SignedIn>{(user) => <CartSelectPage user={user} />}</SignedIn>
        </Route>
        <Route path="/order-details">
          <SignedIn>{(user) => <CheckoutPage user={user} />}</SignedIn>
        </Route>
        <Route path="/orders">
          <SignedIn>{(user) => <OrdersRoute user={user} />}</SignedIn>
        </Route>
        <Route path="/orders/:id/placed">
          {(params) => <SignedIn>{() => <OrderPlacedRoute id={params.id} />}</SignedIn>}
        </Route>
        <Route path="/orders/:id">
          {(params) => <SignedIn>{(user) => <OrderDetailRoute user={user} id={params.id} />}</SignedIn>}
        </Route>
        {/* A dealer company's admin approves its buyers' POs (docs/decisions/0233); the server refuses anyone else. */}
        <Route path="/approvals">
          <SignedIn>{() => <ApprovalsPage />}</SignedIn>
        </Route>
        <Route path="/approvals/:id">
          {(params) => <SignedIn>{() => <ApprovalsPage id={/^\d{1,9}$/.test(params.id) ? Number(params.id) : 0} />}</SignedIn>}
        </Route>
        {/* Project quotes and lot holds (docs/decisions/0236, 0237): dealers ask and order, admins and salespeople price. */}
        <Route path="/quotes">
          <SignedIn>{(user) => <QuotesPage user={user} />}</SignedIn>
        </Route>
        <Route path="/quotes/new">
          <SignedIn>{(user) => <RequestQuotePage user={user} />}</SignedIn>
        </Route>
        <Route path="/quotes/:id">
          {(params) => <SignedIn>{(user) => <QuotePage user={user} id={/^\d{1,9}$/.test(params.id) ? Number(params.id) : 0} />}</SignedIn>}
        </Route>
        <Route path="/files">
          <SignedIn>{(user) => <FilesPage user={user} />}</SignedIn>
        </Route>
        <Route path="/additional-merchandise">
          {/* Salesperson screens: a dealer typing the address gets Unauthorized. */}
          <SignedIn>{(user) => allowed(user, 'manage_orders', <AdditionalMerchandisePage />)}</SignedIn>
        </Route>
        <Route path="/field">
          {/* Field mode is for salespeople only (docs/decisions/0227). */}
          <SignedIn>{(user) => (user.activeRole === 'salesperson' ? <FieldOrderPage user={user} /> : <UnauthorizedPage />)}</SignedIn>
        </Route>
        <Route path="/quick-add">
          <SignedIn>{(user) => allowed(user, 'manage_orders', <QuickAddPage activeRole={user.activeRole} />)}</SignedIn>
        </Route>
        <Route path="/quick-order">
          {/* ADR 0190: the dealers' quick order pad; every role that keeps POs may use it. */}
          <SignedIn>{(user) => allowed(user, 'view_stock', <QuickOrderPage activeRole={user.activeRole} />)}</SignedIn>
        </Route>
        {/* Admins only; everyone else is sent to /. */}
        <Route path="/admin/merchandise-upload">
          <SignedIn>{(user) => (user.activeRole === 'admin' ? <MerchandiseUploadPage /> : <Navigate to="/" />)}</SignedIn>
        </Route>
        <Route path="/admin/closed-days">
          <SignedIn>{(user) => <ClosedDaysPage user={user} />}</SignedIn>
        </Route>
        <Route path="/admin/activity-logs">
          <SignedIn>{(user) => <ActivityLogsPage user={user} />}</SignedIn>
        </Route>
        <Route path="/admin/api-tokens">
          <SignedIn>{(user) => <ApiTokensPage user={user} />}</SignedIn>
        </Route>
        {/* Companies, locations and buyers (docs/decisions/0230): admins; a dealer's own on /company. */}
        <Route path="/admin/companies">
          <SignedIn>{(user) => <CompaniesPage user={user} />}</SignedIn>
        </Route>
        <Route path="/admin/companies/:id">
          {(params) => <SignedIn>{(user) => <CompanyPage user={user} companyId={Number(params.id)} />}</SignedIn>}
        </Route>
        <Route path="/company">
          <SignedIn>{(user) => <MyCompanyPage user={user} />}</SignedIn>
        </Route>
        <Route path="/admin/webhooks">
          <SignedIn>{(user) => <WebhooksPage user={user} />}</SignedIn>
        </Route>
        {/* docs/decisions/0214: the stock, lots and incoming uploads and their history (?show=history), and the notify-me list. */}
        <Route path="/admin/uploads">
          <SignedIn>{(user) => <StockUploadsPage user={user} />}</SignedIn>
        </Route>
        <Route path="/admin/notify-requests">
          <SignedIn>{(user) => <NotifyRequestsPage user={user} />}</SignedIn>
        </Route>
        {/* docs/decisions/0231: price lists, their entries, assignments and files. */}
        <Route path="/admin/price-lists">
          <SignedIn>{(user) => <AdminPriceListsPage user={user} />}</SignedIn>
        </Route>
        <Route path="/admin/price-lists/:id">
          {(params) => <SignedIn>{(user) => <AdminPriceListPage user={user} id={Number(params.id)} />}</SignedIn>}
        </Route>
        <Route path="/admin/emails">
          <SignedIn>{(user) => <EmailOutboxPage user={user} />}</SignedIn>
        </Route>
        <Route>
          <NotFoundPage />
        </Route>
      </Switch>
    </Suspense>
  );
}

/** The guard, then the app frame around the page. */
function SignedIn({ children }: { children: (user: CurrentUser) => ReactNode }) {
  return <RequireUser>{(user) => <AppFrame user={user}>{children(user)}</AppFrame>}</RequireUser>;
}

/** A screen the active role may use, else the Unauthorized screen (the server refuses its calls too). */
function allowed(user: CurrentUser, permission: Permission, page: ReactNode): ReactNode {
  return user.permissions.includes(permission) ? page : <UnauthorizedPage />;
}

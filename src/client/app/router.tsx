import { Suspense } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { PageSpinner } from '@client/components/ui/spinner';
import { LoginPage } from '@client/features/auth/pages/login-page';
import { ProfileCompletionPage } from '@client/features/auth/pages/profile-completion-page';
import { RoleSelectPage } from '@client/features/auth/pages/role-select-page';
import { CartPage } from '@client/features/cart/pages/cart-page';
import { CartSelectPage } from '@client/features/cart/pages/cart-select-page';
import { CheckoutPage } from '@client/features/cart/pages/checkout-page';
import { CatalogPage } from '@client/features/catalogue/pages/catalog-page';
import { PriceListPage } from '@client/features/catalogue/pages/price-list-page';
import { PricesPage } from '@client/features/catalogue/pages/prices-page';
import { UnauthorizedPage } from '@client/components/unauthorized-page';
import type { Permission } from '@common/domain/permissions';
import type { CurrentUser } from '@common/contracts/auth';
import type { ReactNode } from 'react';
import { StockRoute } from './routes/stock-route';
import { FilesPage } from '@client/features/files/pages/files-page';
import { NotFoundPage } from './pages/not-found-page';
import { RequireUser } from './require-user';
import { ActivityLogsPage, ManageAnnouncementsPage, MerchandiseUploadPage, UsersPage } from './routes/admin-pages';
import { AdditionalMerchandisePage } from '@client/features/merchandise/pages/additional-merchandise-page';
import { Navigate } from '@client/components/navigate';
import { QuickAddPage } from '@client/features/quick-add/pages/quick-add-page';
import { DashboardRoute } from './routes/dashboard-route';
import { OrderDetailRoute } from './routes/order-detail-route';
import { OrdersRoute } from './routes/orders-route';

/**
 * Spec §2 route table: every screen of the spec; any other path gets the 404 screen.
 * The admin screens are loaded on first visit (routes/admin-pages), hence the Suspense.
 * Permission-bound screens show Unauthorized to other roles (`allowed`); the server
 * refuses their calls whatever this says.
 */
export function AppRouter() {
  const [, navigate] = useLocation();
  return (
    <Suspense fallback={<PageSpinner />}>
      <Switch>
        <Route path="/auth">
          <LoginPage />
        </Route>
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
        <Route path="/dashboard">
          <RequireUser>{(user) => <DashboardRoute user={user} />}</RequireUser>
        </Route>
        <Route path="/users">
          <RequireUser>{(user) => <UsersPage user={user} />}</RequireUser>
        </Route>
        {/* Spec §2: the same screen as /users; it opens with the Password Reset Admin Tools. */}
        <Route path="/admin/password-reset">
          <RequireUser>
            {(user) => <UsersPage user={user} toolsOpenAtStart onToolsClosed={() => navigate('/users', { replace: true })} />}
          </RequireUser>
        </Route>
        <Route path="/admin/announcements">
          <RequireUser>{(user) => <ManageAnnouncementsPage user={user} />}</RequireUser>
        </Route>
        <Route path="/stock">
          <RequireUser>{(user) => allowed(user, 'view_stock', <StockRoute user={user} />)}</RequireUser>
        </Route>
        <Route path="/prices">
          <RequireUser>{(user) => allowed(user, 'view_prices', <PricesPage user={user} />)}</RequireUser>
        </Route>
        <Route path="/price-list.pdf">
          <RequireUser>{(user) => allowed(user, 'view_prices', <PriceListPage />)}</RequireUser>
        </Route>
        <Route path="/catalog">
          <RequireUser>{(user) => allowed(user, 'view_stock', <CatalogPage />)}</RequireUser>
        </Route>
        <Route path="/cart">
          <RequireUser>{(user) => <CartPage user={user} />}</RequireUser>
        </Route>
        <Route path="/cartselect">
          <RequireUser>{(user) => <CartSelectPage user={user} />}</RequireUser>
        </Route>
        <Route path="/order-details">
          <RequireUser>{(user) => <CheckoutPage user={user} />}</RequireUser>
        </Route>
        <Route path="/orders">
          <RequireUser>{(user) => <OrdersRoute user={user} />}</RequireUser>
        </Route>
        <Route path="/orders/:id">
          {(params) => <RequireUser>{(user) => <OrderDetailRoute user={user} id={params.id} />}</RequireUser>}
        </Route>
        <Route path="/files">
          <RequireUser>{(user) => <FilesPage user={user} />}</RequireUser>
        </Route>
        <Route path="/additional-merchandise">
          <RequireUser>{(user) => allowed(user, 'view_stock', <AdditionalMerchandisePage />)}</RequireUser>
        </Route>
        <Route path="/quick-add">
          <RequireUser>{(user) => allowed(user, 'view_stock', <QuickAddPage />)}</RequireUser>
        </Route>
        {/* Spec §2: admins only; everyone else is sent to /. */}
        <Route path="/admin/merchandise-upload">
          <RequireUser>{(user) => (user.activeRole === 'admin' ? <MerchandiseUploadPage /> : <Navigate to="/" />)}</RequireUser>
        </Route>
        <Route path="/admin/activity-logs">
          <RequireUser>{(user) => <ActivityLogsPage user={user} />}</RequireUser>
        </Route>
        <Route>
          <NotFoundPage />
        </Route>
      </Switch>
    </Suspense>
  );
}

/** A screen the active role may use, else the Unauthorized screen (the server refuses its calls too). */
function allowed(user: CurrentUser, permission: Permission, page: ReactNode): ReactNode {
  return user.permissions.includes(permission) ? page : <UnauthorizedPage />;
}

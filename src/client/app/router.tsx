import { Route, Switch } from 'wouter';
import { LoginPage } from '@client/features/auth/pages/login-page';
import { ProfileCompletionPage } from '@client/features/auth/pages/profile-completion-page';
import { RoleSelectPage } from '@client/features/auth/pages/role-select-page';
import { CatalogPage } from '@client/features/catalogue/pages/catalog-page';
import { PriceListPage } from '@client/features/catalogue/pages/price-list-page';
import { PricesPage } from '@client/features/catalogue/pages/prices-page';
import { StockPage } from '@client/features/catalogue/pages/stock-page';
import { UnauthorizedPage } from '@client/components/unauthorized-page';
import type { Permission } from '@common/domain/permissions';
import type { CurrentUser } from '@common/contracts/auth';
import type { ReactNode } from 'react';
import { FilesPage } from '@client/features/files/pages/files-page';
import { NotFoundPage } from './pages/not-found-page';
import { RequireUser } from './require-user';
import { DashboardRoute } from './routes/dashboard-route';

/**
 * Spec §2 route table. Routes of features not built yet (/stock, /cart, /users, ...)
 * deliberately fall through to the 404 screen until their feature adds them here.
 */
export function AppRouter() {
  return (
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
      <Route path="/stock">
        <RequireUser>{(user) => allowed(user, 'view_stock', <StockPage user={user} />)}</RequireUser>
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
      <Route path="/files">
        <RequireUser>{(user) => <FilesPage user={user} />}</RequireUser>
      </Route>
      <Route>
        <NotFoundPage />
      </Route>
    </Switch>
  );
}

/** A screen the active role may use, else the Unauthorized screen (the server refuses its calls too). */
function allowed(user: CurrentUser, permission: Permission, page: ReactNode): ReactNode {
  return user.permissions.includes(permission) ? page : <UnauthorizedPage />;
}

import type { ReactNode } from 'react';
import type { CurrentUser } from '@common/contracts/auth';
import { displayName } from '@common/domain/display-name';
import { dashboardTilesFor, type DashboardTile as Tile } from '@common/domain/dashboard-tiles';
import { PageTitle } from '@client/components/page-frame';
import { CartCountBadge, DashboardTile } from '../components/dashboard-tile';
import { InventoryUpdatedLine } from '../components/inventory-updated-line';

/**
 * /dashboard ("Dashboard / home"): tiles filtered by the active role's
 * permissions. What other features contribute (account buttons, the cart count,
 * announcements) arrives through props, composed in app/.
 */
export function DashboardPage({
  user,
  accountActions,
  cartProductCount,
  announcements,
}: {
  user: CurrentUser;
  accountActions?: ReactNode;
  /** The active PO's (or sample order's) products; undefined while it loads, null without one. */
  cartProductCount?: number | null;
  announcements?: ReactNode;
}) {
  const tiles = dashboardTilesFor(user.activeRole, user.permissions);
  const mainTiles = tiles.filter((t) => t.section === 'main');
  const adminTiles = tiles.filter((t) => t.section === 'admin');

  const renderTile = (tile: Tile) => (
    <li key={tile.id}>
      <DashboardTile
        tile={tile}
        meta={tile.id === 'check-stock' ? <InventoryUpdatedLine /> : undefined}
        badge={tile.id === 'cart' ? <CartCountBadge count={cartProductCount} /> : undefined}
      />
    </li>
  );

  return (
    <div className="min-h-dvh">
      <PageTitle title="Dashboard" backHref={null} />
      {/*
        Phones: welcome, tiles, then the account buttons at the bottom (the tiles are
        what people come for). From md up the buttons sit beside the welcome.
      */}
      <main className="mx-auto flex max-w-6xl flex-col gap-8 px-4 pt-6 pb-12 sm:px-6 sm:pt-8 md:grid md:grid-cols-[1fr_auto] md:gap-x-6">
        <div className="md:col-start-1 md:row-start-1">
          <h2 className="text-2xl font-semibold tracking-tight sm:text-3xl">Welcome, {displayName(user)}</h2>
          <p className="mt-1 text-muted-foreground">What would you like to do today?</p>
        </div>

        {accountActions && (
          <section
            aria-labelledby="account-heading"
            className="order-last md:order-none md:col-start-2 md:row-start-1 md:self-end"
          >
            <h2 id="account-heading" className="mb-3 text-sm font-semibold tracking-wide text-muted-foreground uppercase md:sr-only">
              Account
            </h2>
            {accountActions}
          </section>
        )}

        {announcements && <div className="md:col-span-2">{announcements}</div>}

        <section aria-labelledby="tiles-heading" className="md:col-span-2">
          <h2 id="tiles-heading" className="sr-only">
            Tools
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">{mainTiles.map(renderTile)}</ul>
          {tiles.length === 0 && <p className="text-muted-foreground">There is nothing available for your role yet.</p>}
        </section>

        {adminTiles.length > 0 && (
          <section aria-labelledby="admin-heading" className="md:col-span-2 md:mt-2">
            <h2 id="admin-heading" className="mb-3 text-sm font-semibold tracking-wide text-muted-foreground uppercase">
              Administration
            </h2>
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">{adminTiles.map(renderTile)}</ul>
          </section>
        )}
      </main>
    </div>
  );
}

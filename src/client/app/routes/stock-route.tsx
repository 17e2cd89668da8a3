import type { CurrentUser } from '@common/contracts/auth';
import { AddToCartButton } from '@client/features/cart/components/add-to-cart-button';
import type { RenderStockAddAction } from '@client/features/stock/components/stock-add-row';
import { CatalogPage } from '@client/features/stock/pages/catalog-page';
import { StockPage } from '@client/features/stock/pages/stock-page';

/** The cart feature's add button, for the stock row and the catalog card alike (features never import each other). */
function addAction(user: CurrentUser): RenderStockAddAction {
  return function AddAction({ product, quantity, canAdd, onAdded }) {
    return <AddToCartButton product={product} quantity={quantity} canAdd={canAdd} activeRole={user.activeRole} onAdded={onAdded} />;
  };
}

export function StockRoute({ user }: { user: CurrentUser }) {
  return <StockPage user={user} renderAddAction={addAction(user)} />;
}

/** /catalog: browsing leads to ordering, with the stock row's control. */
export function CatalogRoute({ user }: { user: CurrentUser }) {
  return <CatalogPage renderAddAction={addAction(user)} />;
}

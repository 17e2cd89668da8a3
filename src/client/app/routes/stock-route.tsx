import { useMemo } from 'react';
import type { CurrentUser } from '@common/contracts/auth';
import { AddToCartButton } from '@client/features/cart/components/add-to-cart-button';
import { useStockUploadTools } from '@client/features/imports/components/stock-upload-tools';
import type { RenderStockAddAction } from '@client/features/stock/components/stock-add-row';
import { CatalogPage } from '@client/features/stock/pages/catalog-page';
import { StockPage } from '@client/features/stock/pages/stock-page';

/** The cart feature's add button, for the stock row and the catalog card alike (features never import each other). */
function addAction(user: CurrentUser): RenderStockAddAction {
  return function AddAction({ product, quantity, canAdd, onAdded }) {
    return <AddToCartButton product={product} quantity={quantity} canAdd={canAdd} activeRole={user.activeRole} onAdded={onAdded} />;
  };
}

/** /stock: the stock feature's page with the cart's add button and the imports feature's upload tools. */
export function StockRoute({ user }: { user: CurrentUser }) {
  const uploads = useStockUploadTools(user);
  // The same function while an upload reports progress, so the table's rows do not render again (ADR 0188).
  const renderAddAction = useMemo(() => addAction(user), [user]);
  return <StockPage user={user} renderAddAction={renderAddAction} uploadActions={uploads.actions} uploadStatus={uploads.status} />;
}

/** /catalog: browsing leads to ordering, with the stock row's control. */
export function CatalogRoute({ user }: { user: CurrentUser }) {
  return <CatalogPage user={user} renderAddAction={addAction(user)} />;
}

import { useMemo } from 'react';
import type { CurrentUser } from '@common/contracts/auth';
import { AddToCartButton } from '@client/features/cart/components/add-to-cart-button';
import { FieldAddButton } from '@client/features/field-mode/components/field-add-button';
import { isFieldUser } from '@client/features/field-mode/lib/device-user';
import { useFieldStatus } from '@client/features/field-mode/lib/field-status';
import { useStockUploadTools } from '@client/features/imports/components/stock-upload-tools';
import type { RenderStockAddAction, StockAddActionProps } from '@client/features/stock/components/stock-add-row';
import { CatalogPage } from '@client/features/stock/pages/catalog-page';
import { StockPage } from '@client/features/stock/pages/stock-page';

/** A rep with no network gets field mode's add, which queues it on the device (docs/decisions/0234). */
function AddButton({ user, ...props }: StockAddActionProps & { user: CurrentUser }) {
  const field = useFieldStatus();
  if (isFieldUser(user) && field.active && field.offline) return <FieldAddButton userId={user.id} {...props} />;
  return <AddToCartButton {...props} activeRole={user.activeRole} />;
}

/** The cart feature's add button, for the stock row and the catalog card alike (features never import each other). */
function addAction(user: CurrentUser): RenderStockAddAction {
  // Called as a function inside the row's render: the hooks live in AddButton, a component of its own.
  return function AddAction(props) {
    return <AddButton user={user} {...props} />;
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
  const renderAddAction = useMemo(() => addAction(user), [user]);
  return <CatalogPage user={user} renderAddAction={renderAddAction} />;
}

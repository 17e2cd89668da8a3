import type { CurrentUser } from '@common/contracts/auth';
import { AddToCartButton } from '@client/features/cart/components/add-to-cart-button';
import { StockPage } from '@client/features/catalogue/pages/stock-page';

/** The stock table's open row gets the cart feature's add button (features never import each other). */
export function StockRoute({ user }: { user: CurrentUser }) {
  return (
    <StockPage
      user={user}
      renderAddAction={({ product, quantity, canAdd, onAdded }) => (
        <AddToCartButton product={product} quantity={quantity} canAdd={canAdd} activeRole={user.activeRole} onAdded={onAdded} />
      )}
    />
  );
}

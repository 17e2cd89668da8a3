import { useId } from 'react';
import type { Role } from '@common/domain/permissions';
import { cartWording } from '@common/domain/cart-rules';
import { Button } from '@client/components/ui/button';
import { useAddToCart, type AddToCartProduct } from '../lib/use-add-to-cart';

/**
 * The add button for a row that owns its quantity input (the stock table's
 * open row, handed this slot by src/client/app). After a successful add the row
 * shows "Added to PO" / "Added to Sample Order" through `onAdded`.
 * Above it, the PO the add goes to (ADR 0189), aligned with the quantity's label.
 */
export function AddToCartButton({
  product,
  quantity,
  canAdd,
  activeRole,
  onAdded,
}: {
  product: AddToCartProduct;
  quantity: number;
  canAdd: boolean;
  activeRole: Role | null;
  /** `backorder`: the line's split when it went past the stock onto incoming loads (docs/decisions/0238). */
  onAdded: (label: string, backorder?: string) => void;
}) {
  const wording = cartWording(activeRole);
  const addToCart = useAddToCart(product, activeRole);
  const targetId = useId();
  return (
    <div className="grid min-w-0 gap-1.5">
      <span id={targetId} className="max-w-56 truncate text-xs text-muted-foreground" title={addToCart.poName ?? undefined} data-testid="add-target">
        To: <span className="font-medium text-foreground">{addToCart.poName ?? '…'}</span>
      </span>
      <Button
        type="button"
        disabled={!canAdd || quantity <= 0 || !addToCart.ready}
        loading={addToCart.pending}
        aria-describedby={targetId}
        onClick={() => addToCart.submit(quantity, (backorder) => onAdded(wording.addedLabel, backorder))}
      >
        {wording.kind === 'sample' ? 'Add to Sample Order' : 'Add to PO'}
      </Button>
    </div>
  );
}

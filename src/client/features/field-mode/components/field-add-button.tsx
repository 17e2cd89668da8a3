import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '@client/components/ui/button';
import type { Product } from '@common/contracts/products';
import { cartProductOf } from '../lib/field-cart';
import { queueFieldWrite } from '../lib/use-outbox';

/** The "Waiting to send" mark a row shows after a queued add (docs/decisions/0234). */
export const QUEUED_LABEL = 'Added: waiting to send';

/**
 * The stock row's and the catalog card's add for a rep with no network (docs/decisions/0234): the add
 * is queued on the device like the field sample order's, with its own Idempotency-Key, and sent in
 * order when the network returns; a refusal comes back on /field for review.
 */
export function FieldAddButton({
  userId,
  product,
  quantity,
  canAdd,
  onAdded,
}: {
  userId: number;
  product: Product;
  quantity: number;
  canAdd: boolean;
  onAdded: (label: string) => void;
}) {
  const client = useQueryClient();
  const [pending, setPending] = useState(false);
  const targetId = useId();
  return (
    <div className="grid min-w-0 gap-1.5">
      <span id={targetId} className="max-w-56 truncate text-xs text-muted-foreground">
        To: <span className="font-medium text-foreground">Sample Order, sent when online</span>
      </span>
      <Button
        type="button"
        disabled={!canAdd || quantity <= 0}
        loading={pending}
        aria-describedby={targetId}
        onClick={() => {
          setPending(true);
          queueFieldWrite(client, userId, { kind: 'add', productId: product.id, productName: product.name, product: cartProductOf(product), quantity })
            .then(() => onAdded(QUEUED_LABEL))
            .catch((error: unknown) => console.warn('Field mode: the add was not queued', error))
            .finally(() => setPending(false));
        }}
      >
        Add to Sample Order
      </Button>
    </div>
  );
}

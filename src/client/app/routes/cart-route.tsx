import { useMemo } from 'react';
import type { CurrentUser } from '@common/contracts/auth';
import { CartPage } from '@client/features/cart/pages/cart-page';
import type { DeviceCartWrites } from '@client/features/cart/lib/device-writes';
import { isFieldUser } from '@client/features/field-mode/lib/device-user';
import { withWaitingWrites } from '@client/features/field-mode/lib/field-cart';
import { useFieldStatus } from '@client/features/field-mode/lib/field-status';
import { useOutbox } from '@client/features/field-mode/lib/use-outbox';

/** A rep's /cart: the sample order with the changes waiting on the device played over it (docs/decisions/0239). */
function FieldCartRoute({ user }: { user: CurrentUser }) {
  const { ops } = useOutbox(user.id);
  const { toReview, offline } = useFieldStatus();
  const deviceWrites = useMemo<DeviceCartWrites>(() => ({ apply: (cart) => withWaitingWrites(cart, ops ?? []), toReview, offline }), [ops, toReview, offline]);
  return <CartPage user={user} deviceWrites={deviceWrites} />;
}

/** /cart: the cart feature's page; for a rep, with field mode's queued writes (features never import each other). */
export function CartRoute({ user }: { user: CurrentUser }) {
  return isFieldUser(user) ? <FieldCartRoute user={user} /> : <CartPage user={user} />;
}

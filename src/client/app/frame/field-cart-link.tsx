import { useMemo } from 'react';
import type { CurrentUser } from '@common/contracts/auth';
import { CartLink } from '@client/features/cart/components/cart-link';
import { withWaitingWrites } from '@client/features/field-mode/lib/field-cart';
import { useOutbox } from '@client/features/field-mode/lib/use-outbox';

/**
 * A rep's cart button: its count is the sample order the rep built, the adds and removals waiting on
 * the device played over what the server has, as /cart shows it (docs/decisions/0239). Offline the
 * server's count alone would say 0 after five adds.
 */
export function FieldCartLink({ user }: { user: CurrentUser }) {
  const { ops } = useOutbox(user.id);
  const deviceWrites = useMemo(() => ({ apply: (cart: Parameters<typeof withWaitingWrites>[0]) => withWaitingWrites(cart, ops ?? []) }), [ops]);
  return <CartLink activeRole={user.activeRole} deviceWrites={deviceWrites} />;
}

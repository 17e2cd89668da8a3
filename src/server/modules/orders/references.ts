import type { MerchandiseType } from '@common/domain/cart-rules';
import type { DbOrTx } from '../../db/client';
import { defaultPoNamesOf, merchandiseOrderCount } from './repository';

/** How many orders refer to a merchandise item; read in the caller's transaction (docs/decisions/0131). */
export const orderReferences = {
  merchandiseOrders: (tx: DbOrTx, type: MerchandiseType, code: string) => merchandiseOrderCount(tx, type, code),
  /** The "Purchase Order N" names the user's orders carry, so a new default PO skips them (docs/decisions/0213). */
  defaultPoNames: (tx: DbOrTx, userId: number) => defaultPoNamesOf(tx, userId),
};
export type OrderReferences = typeof orderReferences;

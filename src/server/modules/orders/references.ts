import type { MerchandiseType } from '@common/domain/cart-rules';
import type { DbOrTx } from '../../db/client';
import { merchandiseOrderCount } from './repository';

/** How many orders refer to a merchandise item; read in the caller's transaction (docs/decisions/0131). */
export const orderReferences = {
  merchandiseOrders: (tx: DbOrTx, type: MerchandiseType, code: string) => merchandiseOrderCount(tx, type, code),
};
export type OrderReferences = typeof orderReferences;

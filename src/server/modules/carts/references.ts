import type { MerchandiseType } from '@common/domain/cart-rules';
import type { DbOrTx } from '../../db/client';
import * as repo from './repository';

/**
 * What other modules may ask about catalogue entries held in carts, and the removal of
 * entries the catalogue no longer has (docs/decisions/0130, 0131). Carts are working
 * state, not history: a removed product or merchandise item leaves them; orders keep
 * their own copies of the lines. Every call runs in the caller's transaction.
 */
export const cartReferences = {
  productReferences: (tx: DbOrTx, productIds: readonly number[]) => repo.productReferences(tx, productIds),
  removeProducts: (tx: DbOrTx, productIds: readonly number[]) => repo.removeProductLines(tx, productIds),
  merchandiseCarts: (tx: DbOrTx, type: MerchandiseType, code: string) => repo.merchandiseCartCount(tx, type, code),
  removeMerchandise: (tx: DbOrTx, type: MerchandiseType, code: string) => repo.removeMerchandiseEverywhere(tx, type, code),
};
export type CartReferences = typeof cartReferences;

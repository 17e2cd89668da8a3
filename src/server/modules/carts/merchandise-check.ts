import { merchandiseList, type MerchandiseType } from '@common/domain/cart-rules';
import type { DbOrTx } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import type { CartsDeps } from './deps';
import { noLongerAvailable } from './errors';

/** Checks that every code exists for its type; refuses the first unknown one, saying when an admin deactivated it. */
export function createMerchandiseCheck(merchandise: CartsDeps['merchandise']) {
  return async function requireMerchandise(tx: DbOrTx, type: MerchandiseType, codes: readonly string[]): Promise<void> {
    const known = await merchandise.existingCodes(type, codes, tx);
    const unknown = codes.find((code) => !known.has(code));
    if (unknown === undefined) return;
    if (await merchandise.isDeactivated(type, unknown, tx)) throw new HttpError(400, noLongerAvailable(type, unknown));
    throw new HttpError(400, `Unknown ${merchandiseList(type).singular.toLowerCase()}: ${unknown}`);
  };
}

export type RequireMerchandise = ReturnType<typeof createMerchandiseCheck>;

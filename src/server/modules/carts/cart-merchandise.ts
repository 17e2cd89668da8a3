import type { AdjustMerchandiseBody } from '@common/contracts/carts';
import { merchandiseList, type MerchandiseType } from '@common/domain/cart-rules';
import { MAX_LINE_QUANTITY } from '@common/domain/stock-level';
import type { Actor } from '../../lib/actor';
import { HttpError } from '../../lib/http-error';
import type { CartsDeps } from './deps';
import { cartWrite, noLongerAvailable } from './errors';
import type { RequireMerchandise } from './merchandise-check';
import type { OwnCarts } from './own-carts';
import * as repo from './repository';

/** The four merchandise lists of a cart (displays, labels, price lists, handboards), entry by entry. */
export function createCartMerchandise(
  { db, activity, merchandise }: CartsDeps,
  { ownCart }: Pick<OwnCarts, 'ownCart'>,
  requireMerchandise: RequireMerchandise,
) {
  return {
    async setMerchandise(actor: Actor, cartId: number, type: MerchandiseType, code: string, quantity: number) {
      return cartWrite(() =>
        db.transaction(async (tx) => {
          await ownCart(actor, cartId, tx);
          const known = await merchandise.existingCodes(type, [code], tx);
          if (!known.has(code)) {
            if (await merchandise.isDeactivated(type, code, tx)) throw new HttpError(400, noLongerAvailable(type, code));
            throw new HttpError(404, `${merchandiseList(type).singular} not found`);
          }
          await repo.setMerchandiseQuantity(tx, cartId, type, code, quantity);
          await repo.touchCart(tx, cartId);
          await activity.record(
            actor,
            { type: 'cart_updated', description: `${actor.username} set ${type} ${code} to ${quantity}`, metadata: { cartId, type, code, quantity } },
            tx,
          );
          return repo.merchandiseQuantities(tx, cartId, type, [code]);
        }),
      );
    },

    async adjustMerchandise(actor: Actor, cartId: number, body: AdjustMerchandiseBody) {
      // Sorted, so parallel calls lock the entries in the same order.
      const codes = [...new Set(body.codes)].sort();
      return cartWrite(() =>
        db.transaction(async (tx) => {
          await ownCart(actor, cartId, tx);
          await requireMerchandise(tx, body.type, codes);
          await repo.adjustMerchandiseQuantities(tx, cartId, body.type, codes, body.delta, MAX_LINE_QUANTITY);
          await repo.touchCart(tx, cartId);
          await activity.record(
            actor,
            {
              type: 'cart_updated',
              description: `${actor.username} changed ${codes.length} ${body.type} entries by ${body.delta}`,
              metadata: { cartId, type: body.type, codes: codes.slice(0, 50), delta: body.delta },
            },
            tx,
          );
          return repo.merchandiseQuantities(tx, cartId, body.type, codes);
        }),
      );
    },
  };
}

import {
  MERCHANDISE_ADMIN_MESSAGES,
  type MerchandiseAdminItem,
  type MerchandiseEditBody,
  type MerchandiseRemoveResponse,
} from '@common/contracts/merchandise';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { HttpError } from '../../lib/http-error';
import type { ActivityService } from '../activity';
import type { CartReferences } from '../carts';
import type { OrderReferences } from '../orders';
import * as repo from './repository';

export type MerchandiseAdmin = ReturnType<typeof createMerchandiseAdmin>;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * Manage Merchandise (docs/decisions/0131): list everything, edit one item, remove one.
 * Built after carts and orders, whose references decide between delete and deactivate.
 */
export function createMerchandiseAdmin(deps: {
  db: Db;
  activity: ActivityService;
  carts: Pick<CartReferences, 'merchandiseCarts' | 'removeMerchandise'>;
  orders: Pick<OrderReferences, 'merchandiseOrders'>;
}) {
  const { db, activity } = deps;

  return {
    async list(): Promise<MerchandiseAdminItem[]> {
      return repo.listAll(db);
    },

    /** Type and code stay (they are the key carts and orders use); everything else is replaced. */
    async edit(actor: Actor, id: number, body: MerchandiseEditBody): Promise<MerchandiseAdminItem> {
      return db.transaction(async (tx) => {
        const item = await repo.updateById(tx, id, body);
        if (!item) throw new HttpError(404, MERCHANDISE_ADMIN_MESSAGES.notFound);
        await activity.record(
          actor,
          {
            type: 'merchandise_updated',
            description: `${actor.username} edited ${item.type} ${item.code}`,
            metadata: { id, type: item.type, code: item.code, action: 'edit' },
          },
          tx,
        );
        return item;
      });
    },

    /**
     * Deletes an item nothing refers to. One that orders or carts refer to is deactivated
     * instead: hidden from salespeople, refused by the cart, taken out of open carts, and
     * still named by the orders that hold it (their lines are copies).
     */
    async remove(actor: Actor, id: number): Promise<MerchandiseRemoveResponse> {
      return db.transaction(async (tx) => {
        const item = await repo.findById(tx, id, { lock: true });
        if (!item) throw new HttpError(404, MERCHANDISE_ADMIN_MESSAGES.notFound);
        const orders = await deps.orders.merchandiseOrders(tx, item.type, item.code);
        const carts = await deps.carts.merchandiseCarts(tx, item.type, item.code);
        let response: MerchandiseRemoveResponse;
        if (orders === 0 && carts === 0) {
          await repo.deleteById(tx, id);
          response = { outcome: 'deleted', message: `${item.code} was deleted.`, carts, orders };
        } else {
          await deps.carts.removeMerchandise(tx, item.type, item.code);
          await repo.deactivateById(tx, id);
          const refs = [carts > 0 ? plural(carts, 'cart') : null, orders > 0 ? plural(orders, 'order') : null].filter(Boolean).join(' and ');
          const kept = [
            carts > 0 ? `taken out of the ${plural(carts, 'cart')}` : null,
            orders > 0 ? `the ${plural(orders, 'order')} keep${orders === 1 ? 's' : ''} ${orders === 1 ? 'its' : 'their'} lines` : null,
          ]
            .filter(Boolean)
            .join('; ');
          response = {
            outcome: 'deactivated',
            message: `${item.code} is in ${refs}, so it was deactivated instead of deleted: salespeople no longer see it; ${kept}.`,
            carts,
            orders,
          };
        }
        await activity.record(
          actor,
          {
            type: 'merchandise_updated',
            description: `${actor.username} ${response.outcome} ${item.type} ${item.code}`,
            metadata: { id, type: item.type, code: item.code, action: response.outcome, carts, orders },
          },
          tx,
        );
        return response;
      });
    },
  };
}

import { parseStockLevel } from '@common/domain/stock-level';
import type { Db } from '../../db/client';
import type { MailOutbox } from '../mail';
import type { ProductsService } from '../products';
import { arrivalDigest } from './notify-email';
import { endNotifyRequests, forgetNotifyRequests, requestsOf, usersWithRequests } from './notify-repository';

/** Users per round: with at most MAX_NOTIFY_REQUESTS each, a round reads at most 10,000 requests. */
const USERS_PER_ROUND = 200;

/**
 * "Notify me" (docs/decisions/0203): every open request whose SKU now has stock above 0 (read by the
 * one stock reader, ADR 0115) ends, and each user gets ONE email listing all their SKUs that came
 * back, at the account's confirmed address read now, in one transaction. A deleted account or one
 * without an address gets nothing (its requests end, deleted: none was sent). Runs after this server
 * changes lots and on a schedule for every other change (a stock CSV, another server). Two runners
 * never send twice: only the one whose update marked a row sent lists it (docs/decisions/0214).
 */
export async function sendArrivalNotices(deps: {
  db: Db;
  mail: Pick<MailOutbox, 'enqueue'>;
  products: Pick<ProductsService, 'summaries'>;
  from: string;
}): Promise<number> {
  let sent = 0;
  let afterUser = 0;
  for (;;) {
    const userIds = await usersWithRequests(deps.db, afterUser, USERS_PER_ROUND);
    if (userIds.length === 0) return sent;
    afterUser = userIds.at(-1)!;
    const requests = await requestsOf(deps.db, userIds);
    const products = new Map((await deps.products.summaries([...new Set(requests.map((r) => r.productId))])).map((p) => [p.id, p]));
    const onHand = (productId: number) => parseStockLevel(products.get(productId)?.stockLevel).quantity ?? 0;
    const due = requests.filter((r) => onHand(r.productId) > 0);
    if (due.length > 0) {
      sent += await deps.db.transaction(async (tx) => {
        const taken = new Set(await endNotifyRequests(tx, due.map((r) => r.id)));
        let emails = 0;
        for (const userId of new Set(due.map((r) => r.userId))) {
          const mine = due.filter((r) => r.userId === userId && taken.has(r.id));
          const to = mine[0]?.email;
          if (!to) {
            await forgetNotifyRequests(tx, mine.map((r) => r.id));
            continue;
          }
          const items = mine.map((r) => ({ id: r.productId, name: products.get(r.productId)!.name, onHand: onHand(r.productId) }));
          await deps.mail.enqueue(arrivalDigest(userId, to, items, deps.from), tx);
          emails += 1;
        }
        return emails;
      });
    }
    if (userIds.length < USERS_PER_ROUND) return sent;
  }
}

import { parseStockLevel } from '@common/domain/stock-level';
import type { Db } from '../../db/client';
import type { MailOutbox } from '../mail';
import type { ProductsService } from '../products';
import { endNotifyRequests, openNotifyRequests } from './repository';

const BATCH = 500;

/**
 * "Notify me" (issue 27): for each open request whose SKU now has stock above 0 (read by the one
 * stock reader, ADR 0115), one email through the outbox, and the request ends, in one transaction.
 * Runs after this server changes lots and on a schedule for every other change (a stock CSV, another
 * server). Two runners never send twice: only the one whose delete took the row queues its email.
 */
export async function sendArrivalNotices(deps: {
  db: Db;
  mail: Pick<MailOutbox, 'enqueue'>;
  products: Pick<ProductsService, 'summaries'>;
  from: string;
}): Promise<number> {
  let sent = 0;
  let afterId = 0;
  for (;;) {
    const requests = await openNotifyRequests(deps.db, afterId, BATCH);
    if (requests.length === 0) return sent;
    afterId = requests.at(-1)!.id;
    const products = new Map((await deps.products.summaries([...new Set(requests.map((r) => r.productId))])).map((p) => [p.id, p]));
    const due = requests.filter((r) => (parseStockLevel(products.get(r.productId)?.stockLevel).quantity ?? 0) > 0);
    if (due.length > 0) {
      sent += await deps.db.transaction(async (tx) => {
        const taken = new Set(await endNotifyRequests(tx, due.map((r) => r.id)));
        for (const r of due.filter((d) => taken.has(d.id))) {
          const product = products.get(r.productId)!;
          const level = parseStockLevel(product.stockLevel).quantity ?? 0;
          await deps.mail.enqueue(
            {
              kind: 'stock_arrival',
              from: deps.from,
              to: [r.email],
              subject: `Back in stock: ${product.name} (SKU ${product.id})`,
              text: [
                `${product.name} (SKU ${product.id}) is back in stock: ${level} on hand.`,
                '',
                'You asked to be told when it arrives. This is the only email about it; ask again on the stock page to be told next time.',
              ].join('\n'),
              reference: `product:${product.id}`,
            },
            tx,
          );
        }
        return taken.size;
      });
    }
    if (requests.length < BATCH) return sent;
  }
}

import { fullyUsed } from '@common/domain/quotes';
import { quoteNumber } from '@common/contracts/quotes';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../lib/actor';
import type { ActivityService } from '../activity';
import { orderNumber } from '@common/domain/order-status';
import * as repo from './repository';

/**
 * A cancelled order from a quote gives its boxes back to the quote (docs/decisions/0245): each line's
 * boxes used fall by the order's boxes of that SKU, so the dealer can order them again at the quoted
 * price. A quote that closed because every box was used, and is still valid, is accepted again (its
 * holds were released when it closed and are not taken again: the lots are recounted by the next
 * upload, as for any cancelled order). A quote closed by hand, declined or expired keeps its state.
 * Runs in the cancelling transaction, after the order's row is locked (orders, then quotes).
 */
export async function giveBackToQuotes(
  tx: DbOrTx,
  deps: { activity: Pick<ActivityService, 'record'>; today: () => string },
  actor: Actor,
  orderId: number,
): Promise<void> {
  const items = (
    await tx.execute(sql`
      select product_id as "productId", quantity, substring(price_list_code from 3)::integer as "quoteId"
      from order_items where order_id = ${orderId} and price_list_code ~ '^Q-[0-9]{1,9}$'
      order by id`)
  ).rows as { productId: number; quantity: number; quoteId: number }[];
  const quoteIds = [...new Set(items.map((i) => i.quoteId))].sort((a, b) => a - b);
  for (const quoteId of quoteIds) {
    const quote = await repo.lockQuote(tx, quoteId);
    if (!quote) continue;
    const lines = await repo.linesOf(tx, [quoteId]);
    const wasFullyUsed = fullyUsed(lines.map((l) => ({ quantity: l.quantity, used: l.quantityUsed })));
    let returned = 0;
    for (const item of items.filter((i) => i.quoteId === quoteId)) {
      let left = item.quantity;
      // Lines of the SKU with the most used first: a quote may price one SKU on two lines.
      for (const line of lines.filter((l) => l.productId === item.productId && l.quantityUsed > 0).sort((a, b) => b.quantityUsed - a.quantityUsed)) {
        const back = Math.min(left, line.quantityUsed);
        if (back === 0) continue;
        line.quantityUsed -= back;
        left -= back;
        returned += back;
        await repo.updateLine(tx, line.id, { quantityUsed: line.quantityUsed });
      }
    }
    if (returned === 0) continue;
    const reopened = quote.status === 'closed' && wasFullyUsed && (quote.validUntil === null || quote.validUntil >= deps.today());
    await repo.updateQuote(tx, quoteId, reopened ? { status: 'accepted' } : {});
    await deps.activity.record(
      actor,
      {
        type: 'quote_updated',
        description: `Order ${orderNumber(orderId)} cancelled: ${returned} ${returned === 1 ? 'box' : 'boxes'} back on quote ${quoteNumber(quoteId)}${reopened ? ', open again' : ''}`,
        metadata: { quoteId, orderId, returned, reopened },
      },
      tx,
    );
  }
}

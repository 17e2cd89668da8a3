import { and, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../client';
import { orderItems, orderMerchandise, orders, users } from '../schema';
import type { NewProduct } from './products';

const DAY_MS = 86_400_000;

/**
 * The demo rep "sales" has one sample order already placed for a dealer's showroom, so "Start a PO
 * for" (samples to a PO, docs/decisions/0235) can be tried on a fresh install. Only when the rep was
 * created by this load: a rep with a history of their own is left alone. Sample orders carry no
 * prices; the tiles are the first three boxed tiles of the demo catalogue with stock.
 */
export async function insertDemoSampleOrder(tx: Tx, catalogue: readonly NewProduct[], now: Date): Promise<void> {
  const [rep] = await tx
    .select({ id: users.id, username: users.username, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(sql`lower(${users.username}) = 'sales'`, isNull(users.deletedAt)));
  if (!rep) return;
  const tiles = catalogue.filter((p) => /^\d+$/.test(p.stockLevel ?? '') && Number(p.stockLevel) > 100 && !/each|piece/i.test(p.soldBy ?? '')).slice(0, 3);
  const placedAt = new Date(now.getTime() - 6 * DAY_MS);
  const [order] = await tx
    .insert(orders)
    .values({
      userId: rep.id,
      username: rep.username,
      placedByName: [rep.firstName, rep.lastName].filter(Boolean).join(' ') || rep.username,
      kind: 'sample',
      status: 'completed',
      notes: 'Samples for the Coastal Floors showroom refresh.',
      deliveryType: 'pickup',
      requestedDate: placedAt.toISOString().slice(0, 10),
      createdAt: placedAt,
      updatedAt: placedAt,
    })
    .returning({ id: orders.id });
  await tx.insert(orderItems).values(tiles.map((t) => ({ orderId: order!.id, productId: t.id, productName: t.name, quantity: 1 })));
  await tx.insert(orderMerchandise).values({ orderId: order!.id, type: 'display', code: 'DSP-CTR-01', name: 'Countertop Sample Box', category: 'Countertop Displays', quantity: 1 });
}

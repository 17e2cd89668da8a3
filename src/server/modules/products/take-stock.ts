import { STOCK_RULE_MESSAGES, takeFromStockLevel } from '@common/domain/stock-rule';
import { stockColumnsOf } from '@common/domain/stock-level';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import { stockLevelSql } from './stock-level-sql';

export interface StockLine {
  productId: number;
  productName: string;
  quantity: number;
}

/**
 * Lowers the stock levels of SKUs without lots by the boxes an order takes, inside the order's
 * transaction (docs/decisions/0207-one-stock-rule-at-placement.md). The products are locked in id
 * order (`FOR UPDATE`), so two orders for the last boxes of a SKU run one after the other: the
 * second reads what the first left (READ COMMITTED re-reads a locked row) and is refused with a 409
 * naming the line. Levels that are not a count (Fabrication Required) are left as they are. Lines
 * of SKUs with lots must not be passed: their level is the sum of their lots (ADR 0185, 0186).
 * Returns whether any level changed.
 */
export async function takeStock(tx: DbOrTx, lines: readonly StockLine[]): Promise<boolean> {
  const wanted = new Map<number, StockLine>();
  for (const line of lines) {
    const earlier = wanted.get(line.productId);
    wanted.set(line.productId, earlier ? { ...earlier, quantity: earlier.quantity + line.quantity } : line);
  }
  if (wanted.size === 0) return false;
  const ids = [...wanted.keys()].sort((a, b) => a - b);
  const locked = await tx.execute(sql`
    select id, ${stockLevelSql('p')} as "stockLevel" from products p
    where id = any(${sql.param(ids)}::integer[]) order by id for update`);
  const updates: { id: number; count: number }[] = [];
  for (const row of locked.rows as { id: number; stockLevel: string }[]) {
    const line = wanted.get(row.id)!;
    const taking = takeFromStockLevel(row.stockLevel, line.quantity);
    if (taking.kind === 'short') {
      const message = STOCK_RULE_MESSAGES.short(line, taking.available);
      throw new HttpError(409, message, [{ path: `items.${line.productId}`, message }]);
    }
    if (taking.kind !== 'lowered' || taking.stockLevel === row.stockLevel) continue;
    const lowered = stockColumnsOf(taking.stockLevel);
    if (lowered.stockStatus === 'in_stock') updates.push({ id: row.id, count: lowered.stockCount });
  }
  if (updates.length === 0) return false;
  await tx.execute(sql`
    update products p set stock_count = u.count, updated_at = now()
    from unnest(${sql.param(updates.map((u) => u.id))}::integer[], ${sql.param(updates.map((u) => u.count))}::integer[]) as u(id, count)
    where p.id = u.id and p.stock_status = 'in_stock'`);
  return true;
}

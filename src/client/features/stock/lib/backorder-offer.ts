import type { IncomingView } from '@common/contracts/lots';
import { backorderable, splitLine } from '@common/domain/backorders';
import { formatCount } from '@common/domain/format';
import { formatMonthDay } from '@common/domain/format-date';
import { parseStockLevel } from '@common/domain/stock-level';

export interface BackorderOffer {
  /** "Arrives about Dec 20: order now, ships when it lands". */
  text: string;
  /** False when the quantity passes the stock and every load together: the server will refuse it. */
  covered: boolean;
}

/** `room`: the boxes not yet promised to earlier orders (the availability answer's); else all of them. */
type Load = Pick<IncomingView, 'quantity' | 'eta' | 'stage'> & { room?: number };

/**
 * What the stock row and the catalog card say when a quantity passes the stock and incoming loads can
 * make up the rest (docs/decisions/0238-backorder-allocation.md, 0243-backorder-from-the-stock-row.md), with
 * each load's room (its boxes less what earlier orders were promised), by placement's rule; the add's
 * answer names the dates the line got. Null when the stock covers the quantity, the SKU is not counted
 * (special order, fabrication: never backordered) or no load with boxes is due.
 */
export function backorderOffer(stockLevel: string | null | undefined, quantity: number, loads: readonly Load[]): BackorderOffer | null {
  if (!backorderable(stockLevel)) return null;
  const due = loads.map((load) => ({ ...load, quantity: load.room ?? load.quantity })).filter((load) => load.quantity > 0);
  if (due.length === 0) return null;
  const inStock = parseStockLevel(stockLevel).quantity ?? 0;
  const wanted = Math.max(1, Math.floor(quantity) || 0);
  if (wanted <= inStock) return null;
  const split = splitLine(
    wanted,
    inStock,
    due.map((load, id) => ({ id, eta: load.eta, stage: load.stage, quantity: load.quantity, promised: 0 })),
  );
  if (split.uncovered > 0) {
    const onLoads = due.reduce((sum, load) => sum + load.quantity, 0);
    const where = inStock > 0 ? `: ${formatCount(inStock)} in stock and ${formatCount(onLoads)} on incoming loads` : ', all from incoming loads';
    return { covered: false, text: `Only ${formatCount(inStock + onLoads)} can be ordered${where}` };
  }
  const first = formatMonthDay(split.later[0]!.eta);
  const last = formatMonthDay(split.later.at(-1)!.eta);
  const when = first === last ? first : `${first} to ${last}`;
  if (split.now === 0) return { covered: true, text: `Arrives about ${when}: order now, ships when it lands` };
  const later = wanted - split.now;
  return { covered: true, text: `${formatCount(split.now)} in stock now; the other ${formatCount(later)} arrive about ${when}: order now, they ship when they land` };
}

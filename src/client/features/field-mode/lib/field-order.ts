import type { CartView } from '@common/contracts/carts';
import type { OutboxOp } from './device-db';

export interface FieldLine {
  productId: number;
  name: string;
  quantity: number;
  /** A change to this line is queued on the device. */
  waiting: boolean;
}

/**
 * The sample order as the rep sees it in field mode (docs/decisions/0228): the server's copy (saved
 * on the device) with the waiting writes played over it, in order. A queued order empties it, as
 * placing one does; writes the server refused are not applied (they are in the review list).
 */
export function fieldOrderView(cart: CartView | null | undefined, ops: readonly OutboxOp[]): { lines: FieldLine[]; placing: OutboxOp[] } {
  const lines = new Map<number, FieldLine>();
  for (const item of cart?.items ?? []) lines.set(item.productId, { productId: item.productId, name: item.product.name, quantity: item.quantity, waiting: false });
  const placing: OutboxOp[] = [];
  for (const op of ops) {
    // Merchandise changes are not product lines (the merchandise page shows them).
    if (op.status !== 'waiting' || op.kind === 'merch') continue;
    const id = op.productId!;
    const line = lines.get(id);
    if (op.kind === 'add') lines.set(id, { productId: id, name: op.productName ?? line?.name ?? `SKU ${id}`, quantity: (line?.quantity ?? 0) + op.quantity!, waiting: true });
    else if (op.kind === 'set') lines.set(id, { productId: id, name: op.productName ?? line?.name ?? `SKU ${id}`, quantity: op.quantity!, waiting: true });
    else if (op.kind === 'remove') lines.delete(id);
    else {
      placing.push(op);
      lines.clear();
    }
  }
  return { lines: [...lines.values()], placing };
}

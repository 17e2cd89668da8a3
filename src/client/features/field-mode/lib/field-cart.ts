import type { CartItem, CartProduct, CartView } from '@common/contracts/carts';
import { cartTotalItems } from '@common/domain/cart-rules';
import type { Product } from '@common/contracts/products';
import type { OutboxOp } from './device-db';

export interface CartWithWaitingWrites {
  cart: CartView;
  /** The products whose line has a change waiting on this device. */
  waiting: ReadonlySet<number>;
  /** A sample order placed on this device and not sent yet: the cart shows empty, as after placing. */
  placing: boolean;
}

/** What a queued add keeps of its product, so /cart can show the line before the server has it. */
export function cartProductOf(p: Product): CartProduct {
  return { id: p.id, name: p.name, line: p.line, size: p.size, color: p.color, finish: p.finish, soldBy: p.soldBy, price: p.price ?? null, stockLevel: p.stockLevel, coverage: p.coverage };
}

/** A line added on the device before field mode kept products with its writes: what the op knows. */
function productOf(op: OutboxOp): CartProduct {
  const id = op.productId!;
  return (
    op.product ?? {
      id,
      name: op.productName ?? `SKU ${id}`,
      line: null,
      size: null,
      color: null,
      finish: null,
      soldBy: 'Box',
      price: null,
      stockLevel: String(op.quantity ?? 1),
      coverage: '0',
    }
  );
}

/**
 * The rep's sample order on /cart (docs/decisions/0239): the cart as the server last sent it with the
 * writes waiting on this device played over it, in order, as /field shows it (`fieldOrderView`). A
 * line the server does not have yet gets a negative id (its product's), which the cart's own writes
 * recognise and queue. Refused writes are not applied: they wait for review on /field.
 */
export function withWaitingWrites(cart: CartView, ops: readonly OutboxOp[]): CartWithWaitingWrites {
  const lines = new Map<number, CartItem>(cart.items.map((item) => [item.productId, item]));
  const waiting = new Set<number>();
  let placing = false;
  for (const op of ops) {
    if (op.status !== 'waiting' || op.kind === 'merch') continue;
    if (op.kind === 'place') {
      placing = true;
      lines.clear();
      waiting.clear();
      continue;
    }
    const id = op.productId!;
    const line = lines.get(id);
    waiting.add(id);
    if (op.kind === 'remove') {
      lines.delete(id);
      continue;
    }
    const quantity = op.kind === 'add' ? (line?.quantity ?? 0) + op.quantity! : op.quantity!;
    lines.set(
      id,
      line
        ? { ...line, quantity }
        : { id: -id, cartId: cart.id, productId: id, quantity, createdAt: new Date(op.createdAt).toISOString(), product: productOf(op) },
    );
  }
  if (waiting.size === 0 && !placing) return { cart, waiting, placing };
  const items = [...lines.values()];
  // A queued order takes the merchandise too, as placing does.
  const next: CartView = placing ? { ...cart, items, displays: [], labels: [], priceLists: [], handboards: [] } : { ...cart, items };
  return { cart: { ...next, totalItems: cartTotalItems(next) }, waiting, placing };
}

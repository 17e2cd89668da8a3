import { describe, expect, it } from 'vitest';
import type { CartItem, CartProduct, CartView } from '@common/contracts/carts';
import type { OutboxOp } from './device-db';
import { withWaitingWrites } from './field-cart';

const op = (seq: number, change: Partial<OutboxOp>): OutboxOp => ({ seq, userId: 1, key: `k${seq}`, status: 'waiting', createdAt: seq, kind: 'add', ...change });
const product = (id: number, name: string): CartProduct => ({ id, name, line: null, size: '12x24', color: null, finish: null, soldBy: 'Box', price: null, stockLevel: '40', coverage: '15.5' });
const item = (id: number, productId: number, quantity: number): CartItem => ({ id, cartId: 3, productId, quantity, createdAt: '2026-12-01T00:00:00.000Z', product: product(productId, `Tile ${productId}`) });
const cart: CartView = {
  id: 3,
  userId: 1,
  name: 'Sample Order',
  isActive: true,
  items: [item(9, 1001, 2), item(10, 1002, 1)],
  displays: [{ id: 'DS-1', type: 'display', code: 'DS-1', name: 'Tower', description: null, line: null, category: null, handboardType: null, price: 0, quantity: 1 }],
  labels: [],
  priceLists: [],
  handboards: [],
  totalItems: 4,
} as unknown as CartView;

describe('withWaitingWrites: the sample order on /cart with the writes waiting on the device (docs/decisions/0239)', () => {
  it('answers the cart as it is when nothing waits', () => {
    const view = withWaitingWrites(cart, [op(1, { kind: 'set', productId: 1001, quantity: 5, status: 'review' })]);
    expect(view.cart).toBe(cart);
    expect([...view.waiting]).toEqual([]);
  });

  it('plays sets, removals and adds in order, marks the lines they touch, and counts again', () => {
    const view = withWaitingWrites(cart, [
      op(1, { kind: 'set', productId: 1001, quantity: 6 }),
      op(2, { kind: 'remove', productId: 1002 }),
      op(3, { kind: 'add', productId: 1003, quantity: 2, product: product(1003, 'Urban') }),
      op(4, { kind: 'set', productId: 1003, quantity: 3 }),
      op(5, { kind: 'merch', merchType: 'display', codes: ['DS-1'], delta: 1 }),
    ]);
    expect(view.cart.items.map((i) => [i.id, i.productId, i.quantity, i.product.name])).toEqual([
      [9, 1001, 6, 'Tile 1001'],
      [-1003, 1003, 3, 'Urban'],
    ]);
    expect([...view.waiting].sort()).toEqual([1001, 1002, 1003]);
    expect(view.cart.totalItems).toBe(6 + 3 + 1);
    expect(view.placing).toBe(false);
  });

  it('adds to a line the server has, and a line removed then added back comes back with the new quantity', () => {
    const view = withWaitingWrites(cart, [op(1, { kind: 'add', productId: 1001, quantity: 3 }), op(2, { kind: 'remove', productId: 1002 }), op(3, { kind: 'add', productId: 1002, quantity: 4 })]);
    expect(view.cart.items.map((i) => [i.productId, i.quantity])).toEqual([
      [1001, 5],
      [1002, 4],
    ]);
  });

  it('names a line queued without its product by what the write knows', () => {
    const view = withWaitingWrites(cart, [op(1, { kind: 'add', productId: 7, productName: 'Gone tile', quantity: 2 })]);
    expect(view.cart.items.at(-1)).toMatchObject({ id: -7, productId: 7, quantity: 2, product: { id: 7, name: 'Gone tile' } });
  });

  it('shows the order empty, merchandise too, once placing it is queued', () => {
    const view = withWaitingWrites(cart, [op(1, { kind: 'set', productId: 1001, quantity: 3 }), op(2, { kind: 'place', requestedDate: '2026-12-10' })]);
    expect(view.cart.items).toEqual([]);
    expect(view.cart.displays).toEqual([]);
    expect(view.cart.totalItems).toBe(0);
    expect(view.placing).toBe(true);
  });
});

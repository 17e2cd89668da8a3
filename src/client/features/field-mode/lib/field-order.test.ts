import { describe, expect, it } from 'vitest';
import type { CartView } from '@common/contracts/carts';
import type { OutboxOp } from './device-db';
import { fieldOrderView } from './field-order';

const op = (seq: number, change: Partial<OutboxOp>): OutboxOp => ({ seq, userId: 1, key: `k${seq}`, status: 'waiting', createdAt: seq, kind: 'add', ...change });
const cart = { items: [{ id: 9, productId: 1001, quantity: 2, product: { name: 'Calacatta' } }] } as unknown as CartView;

describe('fieldOrderView (docs/decisions/0228)', () => {
  it('plays the waiting writes over the server copy, in order, marking what waits', () => {
    const view = fieldOrderView(cart, [
      op(1, { kind: 'add', productId: 1001, quantity: 3 }),
      op(2, { kind: 'add', productId: 1002, productName: 'Urban', quantity: 1 }),
      op(3, { kind: 'set', productId: 1002, quantity: 4 }),
      op(4, { kind: 'add', productId: 1003, productName: 'Gone', quantity: 1, status: 'review' }),
    ]);
    expect(view.lines).toEqual([
      { productId: 1001, name: 'Calacatta', quantity: 5, waiting: true },
      { productId: 1002, name: 'Urban', quantity: 4, waiting: true },
    ]);
  });

  it('leaves merchandise changes out of the product lines', () => {
    const view = fieldOrderView(cart, [op(1, { kind: 'merch', merchType: 'display', codes: ['DS-01'], delta: 1, productName: 'Display DS-01' })]);
    expect(view.lines).toEqual([{ productId: 1001, name: 'Calacatta', quantity: 2, waiting: false }]);
    expect(view.placing).toEqual([]);
  });

  it('empties the order when placing it is queued, and removes a removed line', () => {
    const view = fieldOrderView(cart, [op(1, { kind: 'remove', productId: 1001 }), op(2, { kind: 'add', productId: 7, quantity: 1 }), op(3, { kind: 'place' })]);
    expect(view.lines).toEqual([]);
    expect(view.placing.map((o) => o.seq)).toEqual([3]);
  });
});

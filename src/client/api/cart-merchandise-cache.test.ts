import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { CartMerchandiseEntry, CartView } from '@common/contracts/carts';
import { applyToCachedCart } from './cart-merchandise-cache';
import { cartsQueryKey } from './get-carts';

const label = (code: string, quantity: number): CartMerchandiseEntry => ({
  id: code,
  type: 'label',
  code,
  name: `Label ${code}`,
  description: null,
  line: 'Calacatta',
  category: null,
  handboardType: null,
  price: 0,
  quantity,
});

function cart(id: number, labels: CartMerchandiseEntry[]): CartView {
  return {
    id,
    userId: 1,
    name: 'PO',
    isActive: id === 1,
    createdAt: '2026-11-23T00:00:00.000Z',
    lastModified: '2026-11-23T00:00:00.000Z',
    items: [],
    displays: [],
    labels,
    priceLists: [],
    handboards: [],
    totalItems: labels.reduce((sum, l) => sum + l.quantity, 0),
  };
}

/** The one optimistic update of merchandise quantities, shared by the cart screen and the merchandise screen. */
describe('applyToCachedCart', () => {
  it('sets, adds, removes at 0 and recounts the total of one cart only', async () => {
    const client = new QueryClient();
    client.setQueryData<CartView[]>(cartsQueryKey, [cart(1, [label('A', 2), label('B', 1)]), cart(2, [label('A', 5)])]);
    await applyToCachedCart(client, 1, [label('A', 2)], () => 7); // the cart screen's stepper
    await applyToCachedCart(client, 1, [label('B', 1)], () => 0); // removing
    await applyToCachedCart(client, 1, [label('C', 0)], (current) => current + 1); // the merchandise screen's +1 on a new entry
    const [first, second] = client.getQueryData<CartView[]>(cartsQueryKey)!;
    expect(first!.labels.map((l) => [l.code, l.quantity])).toEqual([
      ['A', 7],
      ['C', 1],
    ]);
    expect(first!.totalItems).toBe(8);
    expect(second!.labels[0]!.quantity).toBe(5);
  });

  it('lets quick clicks add up instead of overwriting one another', async () => {
    const client = new QueryClient();
    client.setQueryData<CartView[]>(cartsQueryKey, [cart(1, [label('A', 1)])]);
    await Promise.all([1, 2, 3].map(() => applyToCachedCart(client, 1, [label('A', 1)], (current) => current + 1)));
    expect(client.getQueryData<CartView[]>(cartsQueryKey)![0]!.labels[0]!.quantity).toBe(4);
  });
});

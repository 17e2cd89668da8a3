import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDEMPOTENCY_HEADER } from '@common/contracts/common';
import { addCartItem } from './add-cart-item';

afterEach(() => vi.unstubAllGlobals());

describe('addCartItem', () => {
  it('is sent with a cart add, a different key for each add', async () => {
    const item = { id: 1, cartId: 7, productId: 1001, quantity: 2 };
    const fetchMock = vi.fn<typeof fetch>().mockImplementation(
      async () => new Response(JSON.stringify(item), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await addCartItem({ cartId: 7, productId: 1001, quantity: 2 });
    await addCartItem({ cartId: 7, productId: 1001, quantity: 2 });
    const keys = fetchMock.mock.calls.map(([request]) => (request as Request).headers.get(IDEMPOTENCY_HEADER));
    expect(keys[0]).toMatch(/^cart-add-/);
    expect(keys[1]).toMatch(/^cart-add-/);
    expect(keys[0]).not.toBe(keys[1]);
  });
});

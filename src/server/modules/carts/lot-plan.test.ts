import { asc, eq, inArray } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { activeCart, put, withStock } from '../../../../test/cart-fixtures';
import { productLots, products } from '../../db/schema';
import { stockColumnsOf } from '@common/domain/stock-level';

/**
 * Lot conflicts before submit (docs/decisions/0209): GET /api/carts/{id}/lots plans each line by the
 * rule placement uses, says which lines placing would refuse, and the placed order records exactly
 * the planned split. A conflict that arises between the view and the press is still a 409 that
 * names every refused line and changes nothing.
 */
const ctx = useTestApp();

const SKUS = [
  { id: 2001, name: 'Porcelain Slate 24x48 Charcoal', stockLevel: '0', price: '52.00', soldBy: 'Box' },
  { id: 2002, name: 'Marble Look 12x24 Bianco', stockLevel: '0', price: '38.00', soldBy: 'Box' },
  { id: 2003, name: 'Wood Look 8x48 Oak', stockLevel: '0', price: '29.50', soldBy: 'Box' },
  { id: 2004, name: 'Terrazzo 24x24 Grigio', stockLevel: '0', price: '44.00', soldBy: 'Box' },
];

async function signedIn(role: 'admin' | 'bold_customer') {
  const user = await createUser(ctx.db, { role, email: `${role}.${Math.random().toString(36).slice(2, 8)}@example.com` });
  return new TestClient(ctx.app).signInAs(user, role === 'admin' ? 'admin' : undefined);
}

async function dealerWith(lines: { productId: number; quantity: number }[]) {
  const client = await signedIn('bold_customer');
  const cart = await activeCart(client);
  for (const line of lines) {
    const added = await client.post(`/api/carts/${cart.id}/items`, line);
    if (added.statusCode >= 300) throw new Error(added.body);
  }
  return { client, cart: await activeCart(client) };
}

const lotQuantities = async () =>
  (await ctx.db.select().from(productLots).where(inArray(productLots.productId, SKUS.map((s) => s.id))).orderBy(asc(productLots.id))).map((l) => [l.lot, l.quantity]);

/** The order body the cart page sends: its lines as shown. */
const orderBody = (cart: Awaited<ReturnType<typeof activeCart>>) => ({ cartId: cart.id, items: cart.items.map((i) => ({ productId: i.productId, quantity: i.quantity })) });

let admin: TestClient;

beforeEach(async () => {
  await ctx.db.delete(products).where(inArray(products.id, SKUS.map((s) => s.id)));
  await ctx.db.insert(products).values(SKUS.map(withStock));
  admin = await signedIn('admin');
  await put(admin, '/api/stock/lots', {
    items: [
      { sku: 2001, lots: [{ lot: 'L2400A', shade: 'S1', caliber: 'C1', quantity: 1310 }, { lot: 'L2410B', shade: 'S2', quantity: 900 }, { lot: 'L2420C', quantity: 182 }] },
      { sku: 2002, lots: [{ lot: 'M1', quantity: 300 }, { lot: 'M2', quantity: 120 }, { lot: 'M3', quantity: 80 }] },
      { sku: 2003, lots: [{ lot: 'W1', quantity: 40 }, { lot: 'W2', quantity: 35 }] },
    ],
  });
  await ctx.db.update(products).set(stockColumnsOf('50')).where(eq(products.id, 2004));
});

describe('the cart lots answer plans each line as placement will', () => {
  it('shows the split, the conflicts, and the placed order records the same split', async () => {
    const { client, cart } = await dealerWith([
      { productId: 2001, quantity: 1500 },
      { productId: 2002, quantity: 100 },
      { productId: 2003, quantity: 60 },
      { productId: 2004, quantity: 5 },
    ]);
    // 2003 mixed: 40 from W1 + 20 from W2.
    expect((await put(client, `/api/carts/${cart.id}/lots/2003`, { oneLot: false })).statusCode).toBe(200);

    const answer = await client.get(`/api/carts/${cart.id}/lots`);
    expect(answer.statusCode).toBe(200);
    const lines = answer.json().lines as { productId: number; conflict: string | null; plan: { lot: string; quantity: number }[]; totalBoxes: number; warning: string | null }[];
    // 2004 has no lots: not listed.
    expect(lines.map((l) => l.productId)).toEqual([2001, 2002, 2003]);
    const [slate, marble, oak] = lines;
    expect(slate).toMatchObject({
      conflict: 'no_single_lot',
      plan: [],
      totalBoxes: 2392,
      warning: 'No single lot has 1,500 boxes; the largest is 1,310 (L2400A). Order 1,310, or allow mixed lots.',
    });
    // One lot: the smallest lot that holds 100 (M2), so M1 stays whole.
    expect(marble).toMatchObject({ conflict: null, warning: null, plan: [{ lot: 'M2', shade: null, caliber: null, warehouse: 'Main', quantity: 100 }] });
    expect(oak).toMatchObject({ conflict: null, plan: [{ lot: 'W1', quantity: 40 }, { lot: 'W2', quantity: 20 }] });

    // Placing now is refused with the line named; nothing moves.
    const before = await lotQuantities();
    const refused = await client.post('/api/orders', orderBody(cart));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors).toEqual([{ path: 'items.2001', message: expect.stringContaining('no single lot has 1,500 boxes') as string }]);
    expect(await lotQuantities()).toEqual(before);

    // "Allow mixed lots" on the line: the answer plans 1,310 from L2400A + 190 from L2410B.
    const mixed = await put(client, `/api/carts/${cart.id}/lots/2001`, { oneLot: false });
    const planned = (mixed.json().lines as typeof lines).map((l) => ({ productId: l.productId, conflict: l.conflict, plan: l.plan }));
    expect(planned[0]).toEqual({
      productId: 2001,
      conflict: null,
      plan: [
        { lot: 'L2400A', shade: 'S1', caliber: 'C1', warehouse: 'Main', quantity: 1310 },
        { lot: 'L2410B', shade: 'S2', caliber: null, warehouse: 'Main', quantity: 190 },
      ],
    });

    const placed = await client.post('/api/orders', orderBody(await activeCart(client)));
    expect(placed.statusCode, placed.body).toBe(201);
    const order = (await client.get(`/api/orders/${placed.json().id}`)).json() as { items: { productId: number; allocations: unknown[] }[] };
    const recorded = order.items.filter((i) => i.allocations.length > 0).map((i) => ({ productId: i.productId, conflict: null, plan: i.allocations }));
    expect(recorded).toEqual(planned);
  });

  it('says when all lots together are too few, and "Order N" of the largest lot clears a one-lot conflict', async () => {
    const { client, cart } = await dealerWith([
      { productId: 2002, quantity: 450 },
      { productId: 2003, quantity: 70 },
    ]);
    await put(client, `/api/carts/${cart.id}/lots/2002`, { oneLot: false });
    // The office's next count: 2002 has 420 left in all.
    await put(admin, '/api/stock/lots', { items: [{ sku: 2002, lots: [{ lot: 'M1', quantity: 300 }, { lot: 'M2', quantity: 120 }] }] });
    let lines = (await client.get(`/api/carts/${cart.id}/lots`)).json().lines;
    expect(lines[0]).toMatchObject({ productId: 2002, oneLot: false, conflict: 'not_enough', totalBoxes: 420, plan: [], warning: 'Only 420 boxes are left across all lots, not 450. Order 420.' });
    expect(lines[1]).toMatchObject({ productId: 2003, conflict: 'no_single_lot', largestLot: 40 });

    // The line's buttons: 420 on the mixed line, the largest lot's 40 on the one-lot line.
    for (const [productId, quantity] of [[2002, 420], [2003, 40]] as const) {
      const item = cart.items.find((i) => i.productId === productId)!;
      const patched = await client.request({ method: 'PATCH', url: `/api/carts/${cart.id}/items/${item.id}`, json: { quantity } });
      expect(patched.statusCode, patched.body).toBe(200);
    }
    lines = (await client.get(`/api/carts/${cart.id}/lots`)).json().lines;
    expect(lines.map((l: { conflict: string | null; plan: { lot: string; quantity: number }[] }) => [l.conflict, l.plan.map((p) => `${p.quantity} ${p.lot}`)])).toEqual([
      [null, ['300 M1', '120 M2']],
      [null, ['40 W1']],
    ]);
  });

  it('refuses with every line named when stock was taken between the view and the press, and changes nothing', async () => {
    const slow = await dealerWith([
      { productId: 2001, quantity: 1200 },
      { productId: 2002, quantity: 250 },
      { productId: 2003, quantity: 30 },
    ]);
    const seen = (await slow.client.get(`/api/carts/${slow.cart.id}/lots`)).json().lines;
    expect(seen.map((l: { conflict: string | null }) => l.conflict)).toEqual([null, null, null]);

    // Another dealer takes 200 of L2400A and 100 of M1 first.
    const quick = await dealerWith([
      { productId: 2001, quantity: 200 },
      { productId: 2002, quantity: 100 },
    ]);
    await put(quick.client, `/api/carts/${quick.cart.id}/lots/2001`, { oneLot: false });
    await put(quick.client, `/api/carts/${quick.cart.id}/lots/2002`, { oneLot: false });
    expect((await quick.client.post('/api/orders', orderBody(quick.cart))).statusCode).toBe(201);

    const before = await lotQuantities();
    const refused = await slow.client.post('/api/orders', orderBody(slow.cart));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors.map((e: { path: string }) => e.path)).toEqual(['items.2001', 'items.2002']);
    expect(refused.json().message).toBe(refused.json().errors[0].message);
    expect(await lotQuantities()).toEqual(before);
    expect((await activeCart(slow.client)).items).toHaveLength(3);
    // The cart's answer now shows the same conflicts on those lines.
    const now = (await slow.client.get(`/api/carts/${slow.cart.id}/lots`)).json().lines;
    expect(now.map((l: { conflict: string | null }) => l.conflict)).toEqual(['no_single_lot', 'no_single_lot', null]);
  });

  it('is the caller\'s own cart only', async () => {
    const { cart } = await dealerWith([{ productId: 2002, quantity: 10 }]);
    const other = await signedIn('bold_customer');
    expect((await other.get(`/api/carts/${cart.id}/lots`)).statusCode).toBe(404);
  });
});

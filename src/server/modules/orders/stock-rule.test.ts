import { asc, eq, inArray, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { earliestRequestedDate, todayIn } from '@common/domain/business-days';
import { STOCK_FABRICATION } from '@common/domain/stock-level';
import { STOCK_RULE_MESSAGES } from '@common/domain/stock-rule';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { activeCart, put, productColumns, withStock } from '../../../../test/cart-fixtures';
import { multipartBody } from '../../../../test/multipart';
import { merchandise, productLots, products } from '../../db/schema';
import { stockColumnsOf } from '@common/domain/stock-level';

/** One stock rule at placement (docs/decisions/0207-one-stock-rule-at-placement.md). */
const ctx = useTestApp();

const SKUS = [
  { id: 20005, name: 'Slate 12x12 Charcoal Honed', stockLevel: '10', price: '30.00', soldBy: 'Box' },
  { id: 20006, name: 'Terracotta 8x8 Red Matte', stockLevel: '3', price: '12.00', soldBy: 'Box' },
  { id: 20007, name: 'Calacatta 24x48 White Polished', stockLevel: '0', price: '90.00', soldBy: 'Box' },
  { id: 20008, name: 'Quartzite 63x126 Slab Taj', stockLevel: STOCK_FABRICATION, price: null, soldBy: 'Box' },
];

async function signedIn(role: 'admin' | 'bold_customer' | 'salesperson') {
  const user = await createUser(ctx.db, { role, email: `${role}.${Math.random().toString(36).slice(2, 8)}@example.com` });
  return new TestClient(ctx.app).signInAs(user, role === 'admin' ? 'admin' : undefined);
}

async function withLines(client: TestClient, lines: [productId: number, quantity: number][]) {
  const cart = await activeCart(client);
  for (const [productId, quantity] of lines) {
    const added = await client.post(`/api/carts/${cart.id}/items`, { productId, quantity });
    if (added.statusCode >= 300) throw new Error(added.body);
  }
  return cart;
}

const place = (client: TestClient, body: Record<string, unknown> = {}) => client.post('/api/orders', body);
const levelOf = async (id: number) => (await ctx.db.select(productColumns).from(products).where(eq(products.id, id)))[0]!.stockLevel;

/** The stock page's reading: the catalogue the browser loads. */
async function listed(client: TestClient, id: number) {
  const response = await client.request({ method: 'GET', url: '/api/products', headers: { 'accept-encoding': 'identity' } });
  expect(response.statusCode).toBe(200);
  return (response.json() as { id: number; stockLevel: string; quantityOnOrder: string | number }[]).find((p) => p.id === id)!;
}

let admin: TestClient;

beforeEach(async () => {
  await ctx.db.delete(products).where(inArray(products.id, SKUS.map((s) => s.id)));
  await ctx.db.insert(products).values(SKUS.map(withStock));
  admin = await signedIn('admin');
});

describe('a SKU without lots', () => {
  it('goes down by the boxes ordered, in the catalogue the stock page reads, and reads out of stock at 0', async () => {
    const dealer = await signedIn('bold_customer');
    const cart = await withLines(dealer, [[20005, 3], [20006, 3]]);
    const placed = await place(dealer, { cartId: cart.id });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(await levelOf(20005)).toBe('7');
    expect(await levelOf(20006)).toBe('0');
    expect((await listed(dealer, 20005)).stockLevel).toBe('7');
    expect((await listed(dealer, 20006)).stockLevel).toBe('0');
    // 0 is out of stock: it can no longer go into a cart.
    const next = await activeCart(dealer);
    expect((await dealer.post(`/api/carts/${next.id}/items`, { productId: 20006, quantity: 1 })).statusCode).toBe(400);
  });

  it('leaves a fabrication level as it is (it is not a count)', async () => {
    const dealer = await signedIn('bold_customer');
    const cart = await withLines(dealer, [[20008, 40]]);
    expect((await place(dealer, { cartId: cart.id })).statusCode).toBe(201);
    expect(await levelOf(20008)).toBe(STOCK_FABRICATION);
  });

  it('goes down for a sample order too; its displays touch no tile stock', async () => {
    await ctx.db.insert(merchandise).values({ type: 'display', code: 'DSP-SR', name: 'Floor Spinner', category: 'Floor Displays' }).onConflictDoNothing();
    const rep = await signedIn('salesperson');
    const cart = await withLines(rep, [[20005, 2]]);
    await put(rep, `/api/carts/${cart.id}/merchandise/display/DSP-SR`, { quantity: 1 });
    const placed = await place(rep, { requestedDate: earliestRequestedDate(todayIn()) });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().kind).toBe('sample');
    expect(await levelOf(20005)).toBe('8');
  });

  it('is set from the file by a later stock upload (the ERP count is the truth)', async () => {
    const dealer = await signedIn('bold_customer');
    const cart = await withLines(dealer, [[20005, 3]]);
    expect((await place(dealer, { cartId: cart.id })).statusCode).toBe(201);
    expect(await levelOf(20005)).toBe('7');
    const upload = await admin.request({ method: 'POST', url: '/api/stock/upload', ...multipartBody([{ filename: 'stock.csv', content: 'id,stockLevel\n20005,10\n' }]) });
    expect(upload.statusCode, upload.body).toBe(200);
    expect(await levelOf(20005)).toBe('10');
    expect((await listed(dealer, 20005)).stockLevel).toBe('10');
  });

  it('gives the last boxes to one of two orders at once; the other is a 409 naming the SKU and nothing of it is placed', async () => {
    const first = await signedIn('bold_customer');
    const second = await signedIn('bold_customer');
    const carts = [await withLines(first, [[20006, 3]]), await withLines(second, [[20006, 2], [20005, 1]])];
    const answers = await Promise.all([place(first, { cartId: carts[0]!.id }), place(second, { cartId: carts[1]!.id })]);
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([201, 409]);
    const refused = answers.find((a) => a.statusCode === 409)!;
    // Under the lock it names the SKU; a loser that starts after the winner committed is stopped by the cart check, which names the product.
    expect(refused.json().message).toMatch(/^Terracotta 8x8 Red Matte/);
    const winner = answers.find((a) => a.statusCode === 201)!.json() as { items: { productId: number; quantity: number }[] };
    const won = winner.items.find((i) => i.productId === 20006)!.quantity;
    expect(await levelOf(20006)).toBe(String(3 - won));
    // The refused order took nothing, not even its other line.
    expect(await levelOf(20005)).toBe(winner.items.some((i) => i.productId === 20005) ? '9' : '10');
  });

  it('refuses under the lock, with a sentence naming the SKU, when the level fell after the cart was checked', async () => {
    const dealer = await signedIn('bold_customer');
    const cart = await withLines(dealer, [[20006, 3]]);
    // Another writer (another server's order) holds the row and leaves 1 box: placement checks the
    // cart against the committed 3, then waits on the row lock and reads what the other left.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const other = ctx.db.transaction(async (tx) => {
      await tx.update(products).set(stockColumnsOf('1')).where(eq(products.id, 20006));
      await held;
    });
    const placing = place(dealer, { cartId: cart.id });
    for (let i = 0; i < 200; i += 1) {
      const waiting = await ctx.db.execute(sql`select count(*)::integer as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`);
      if ((waiting.rows[0] as { n: number }).n > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    release();
    await other;
    const refused = await placing;
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(STOCK_RULE_MESSAGES.short({ productId: 20006, productName: 'Terracotta 8x8 Red Matte', quantity: 3 }, 1));
    expect(refused.json().message).toContain('(SKU 20006): only 1 box is left in stock');
    expect(await levelOf(20006)).toBe('1');
    expect((await activeCart(dealer)).items).toHaveLength(1);
  });
});

describe('reorder', () => {
  it('adds only what is available after the order took its boxes', async () => {
    const dealer = await signedIn('bold_customer');
    const cart = await withLines(dealer, [[20006, 3], [20005, 4]]);
    const placed = await place(dealer, { cartId: cart.id });
    expect(placed.statusCode).toBe(201);
    const reorder = await dealer.post(`/api/orders/${placed.json().id}/reorder`, { target: 'active' });
    expect(reorder.statusCode, reorder.body).toBe(200);
    expect(reorder.json().skipped).toEqual([{ name: 'Terracotta 8x8 Red Matte', reason: 'Out of stock' }]);
    expect(reorder.json().added).toEqual([{ name: 'Slate 12x12 Charcoal Honed', quantity: 4, requested: 4 }]);
    // A second reorder is capped by the 6 left less the 4 already in the cart.
    const again = await dealer.post(`/api/orders/${placed.json().id}/reorder`, { target: 'active' });
    expect(again.json().added).toEqual([{ name: 'Slate 12x12 Charcoal Honed', quantity: 2, requested: 4 }]);
  });
});

describe('a SKU with lots', () => {
  it('goes down through its lots as before, not twice', async () => {
    const lots = await put(admin, '/api/stock/lots', { items: [{ sku: 20005, lots: [{ lot: 'L1', quantity: 6 }, { lot: 'L2', quantity: 4 }] }] });
    expect(lots.statusCode, lots.body).toBe(200);
    const dealer = await signedIn('bold_customer');
    const cart = await withLines(dealer, [[20005, 3], [20006, 1]]);
    const placed = await place(dealer, { cartId: cart.id });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().items.find((i: { productId: number }) => i.productId === 20005).allocations).toMatchObject([{ lot: 'L2', quantity: 3 }]);
    const left = await ctx.db.select().from(productLots).where(eq(productLots.productId, 20005)).orderBy(asc(productLots.lot));
    expect(left.map((l) => l.quantity)).toEqual([6, 1]);
    expect(await levelOf(20005)).toBe('7');
    expect(await levelOf(20006)).toBe('2');
    // A later lots upload replaces the numbers with the ERP's count.
    await put(admin, '/api/stock/lots', { items: [{ sku: 20005, lots: [{ lot: 'L1', quantity: 6 }, { lot: 'L2', quantity: 4 }] }] });
    expect(await levelOf(20005)).toBe('10');
  });
});

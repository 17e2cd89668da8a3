import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { activeCart, CATALOGUE, insertCatalogue, withStock } from '../../../../test/cart-fixtures';
import { activityLogs, cartItems, products } from '../../db/schema';

/** ADR 0189: a bulk add adds what it can, caps or skips the rest line by line, in one transaction. */
const ctx = useTestApp();

/** Twenty tiles of one line, as Quick Add's "Add all shown products" sends them; the last one has 1 box left. */
const METRO = Array.from({ length: 20 }, (_, i) => ({
  id: 3001 + i,
  name: `Metro Subway 3x12 Shade ${i + 1}`,
  line: 'Metro Subway',
  size: '3x12',
  soldBy: 'Box',
  price: '12.00',
  stockLevel: i === 19 ? '1' : '50',
}));
const SHORT = METRO[19]!;

beforeAll(async () => {
  await insertCatalogue(ctx.db);
  await ctx.db.insert(products).values(METRO.map(withStock));
});

async function signedIn(role: 'bold_customer' | 'salesperson' = 'salesperson') {
  const user = await createUser(ctx.db, { role });
  const client = new TestClient(ctx.app);
  await client.signInAs(user);
  return { user, client, cart: await activeCart(client) };
}

const lineCount = async (cartId: number) =>
  (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(cartItems).where(eq(cartItems.cartId, cartId)))[0]!.n;

describe('bulk add: partial, line by line', () => {
  it('adds 19 of 20 products when one is short, and names that one', async () => {
    const { client, cart } = await signedIn();
    // The short tile's last box is already in the PO: the quick add of 2 each cannot add any of it.
    expect((await client.post(`/api/carts/${cart.id}/items`, { productId: SHORT.id, quantity: 1 })).statusCode).toBe(200);
    const response = await client.post(`/api/carts/${cart.id}/bulk-items`, { items: METRO.map((p) => ({ productId: p.id, quantity: 2 })) });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer).toMatchObject({ cartId: cart.id, cartName: 'Purchase Order 1', count: 19, capped: 0, skipped: 1, outOfStock: 0 });
    expect(answer.lines).toHaveLength(20);
    expect(answer.lines.filter((l: { status: string }) => l.status === 'added')).toHaveLength(19);
    expect(answer.lines.find((l: { status: string }) => l.status !== 'added')).toEqual({
      productId: SHORT.id,
      name: SHORT.name,
      requested: 2,
      added: 0,
      status: 'skipped',
      reason: 'Your PO already holds all 1 in stock',
    });
    const after = await activeCart(client);
    expect(after.totalItems).toBe(19 * 2 + 1);
    expect(after.items.find((i) => i.productId === SHORT.id)?.quantity).toBe(1);
  });

  it('cuts a line to the stock left instead of refusing the selection (it used to answer "Only 1 of ... is in stock")', async () => {
    const { client, cart } = await signedIn();
    const response = await client.post(`/api/carts/${cart.id}/bulk-items`, { items: METRO.map((p) => ({ productId: p.id, quantity: 2 })) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ count: 20, capped: 1, skipped: 0 });
    expect(response.json().lines.at(-1)).toMatchObject({ productId: SHORT.id, status: 'capped', added: 1, reason: 'Only 1 in stock: added 1 of 2' });
    expect((await activeCart(client)).totalItems).toBe(19 * 2 + 1);
  });

  it('skips unknown, out-of-stock and special order products with their reasons, sums repeated products', async () => {
    const { client, cart } = await signedIn();
    const response = await client.post(`/api/carts/${cart.id}/bulk-items`, {
      items: [
        { productId: CATALOGUE.plenty.id, quantity: 1 },
        { productId: 999_999, quantity: 1 },
        { productId: CATALOGUE.out.id, quantity: 1 },
        { productId: CATALOGUE.special.id, quantity: 1 },
        { productId: CATALOGUE.plenty.id, quantity: 2 },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ count: 1, skipped: 3, outOfStock: 1 });
    expect(response.json().lines.map((l: { productId: number; status: string; added: number; reason: string | null }) => [l.productId, l.status, l.added, l.reason])).toEqual([
      [CATALOGUE.plenty.id, 'added', 3, null],
      [999_999, 'skipped', 0, 'No product with this SKU'],
      [CATALOGUE.out.id, 'skipped', 0, 'Out of stock'],
      [CATALOGUE.special.id, 'skipped', 0, 'Special order only'],
    ]);
    expect((await activeCart(client)).totalItems).toBe(3);
  });

  it('writes nothing and no activity when everything is skipped', async () => {
    const { user, client, cart } = await signedIn();
    const response = await client.post(`/api/carts/${cart.id}/bulk-items`, { items: [{ productId: CATALOGUE.out.id, quantity: 1 }] });
    expect(response.json()).toMatchObject({ count: 0, skipped: 1, outOfStock: 1 });
    expect(await lineCount(cart.id)).toBe(0);
    const logged = await ctx.db.select().from(activityLogs).where(eq(activityLogs.userId, user.id));
    expect(logged.filter((row) => row.type === 'product_added')).toHaveLength(0);
  });

  it('leaves nothing behind when an error interrupts the call half way (one transaction)', async () => {
    const { client, cart } = await signedIn();
    // A database fault on the 15th product's line, after 14 lines were written in the transaction.
    const failing = METRO[14]!.id;
    await ctx.db.execute(
      sql.raw(`create or replace function fail_one_line() returns trigger language plpgsql as $$
        begin if new.product_id = ${failing} then raise exception 'disk on fire'; end if; return new; end $$`),
    );
    await ctx.db.execute(sql.raw(`create trigger fail_one_line before insert on cart_items for each row execute function fail_one_line()`));
    try {
      const response = await client.post(`/api/carts/${cart.id}/bulk-items`, { items: METRO.map((p) => ({ productId: p.id, quantity: 1 })) });
      expect(response.statusCode).toBe(500);
      // The fault is injected on purpose; the document does not (and should not) promise a 500,
      // so this one answer is taken off the file's undocumented-status list (ADR 0181).
      const answers = ctx.app.undocumentedAnswers;
      answers.splice(answers.indexOf('POST /api/carts/:id/bulk-items → 500'), 1);
      expect(await lineCount(cart.id)).toBe(0);
      expect((await activeCart(client)).totalItems).toBe(0);
    } finally {
      await ctx.db.execute(sql.raw('drop trigger fail_one_line on cart_items'));
    }
    // Without the fault the same call adds all twenty.
    expect((await client.post(`/api/carts/${cart.id}/bulk-items`, { items: METRO.map((p) => ({ productId: p.id, quantity: 1 })) })).json().count).toBe(20);
  });

  it('lets a dealer add in bulk to their own PO (the quick order pad), never to another user\'s', async () => {
    const dealer = await signedIn('bold_customer');
    const other = await signedIn('bold_customer');
    const ok = await dealer.client.post(`/api/carts/${dealer.cart.id}/bulk-items`, { items: [{ productId: CATALOGUE.plenty.id, quantity: 2 }] });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ count: 1, cartName: 'Purchase Order 1' });
    const theirs = await dealer.client.post(`/api/carts/${other.cart.id}/bulk-items`, { items: [{ productId: CATALOGUE.plenty.id, quantity: 2 }] });
    expect(theirs.statusCode).toBe(404);
    expect((await activeCart(other.client)).totalItems).toBe(0);
  });
});

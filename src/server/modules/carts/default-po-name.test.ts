import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { activeCart, CATALOGUE, insertCatalogue } from '../../../../test/cart-fixtures';
import { carts, orders } from '../../db/schema';

/** docs/decisions/0213-words-one-glossary.md: a default PO is "Purchase Order N", never "Active Purchase Order". */
const ctx = useTestApp();

beforeAll(async () => insertCatalogue(ctx.db));

async function signedIn(role: 'bold_customer' | 'salesperson' = 'bold_customer') {
  const user = await createUser(ctx.db, { role });
  const client = await new TestClient(ctx.app).signInAs(user);
  return { user, client };
}

const namesOf = async (userId: number) =>
  (await ctx.db.select({ name: carts.name }).from(carts).where(eq(carts.userId, userId))).map((r) => r.name).sort();

describe('the default PO name', () => {
  it('is "Purchase Order 1" for a new dealer', async () => {
    const { user, client } = await signedIn();
    expect((await activeCart(client)).name).toBe('Purchase Order 1');
    expect(await namesOf(user.id)).toEqual(['Purchase Order 1']);
  });

  it('after placing "Purchase Order 1", the fresh PO is "Purchase Order 2" (the order keeps its name)', async () => {
    const { user, client } = await signedIn();
    const first = await activeCart(client);
    await client.post(`/api/carts/${first.id}/items`, { productId: CATALOGUE.plenty.id, quantity: 1 });
    const placed = await client.post('/api/orders', {});
    expect(placed.statusCode, placed.body).toBe(201);
    expect(await namesOf(user.id)).toEqual(['Purchase Order 2']);
    const [order] = await ctx.db.select({ cartName: orders.cartName }).from(orders).where(eq(orders.userId, user.id));
    expect(order?.cartName).toBe('Purchase Order 1');
  });

  it('after deleting the last PO, the fresh one takes the first free number', async () => {
    const { user, client } = await signedIn();
    const first = await activeCart(client);
    expect((await client.patch(`/api/carts/${first.id}`, { name: 'Kitchen' })).statusCode).toBe(200);
    expect((await client.post('/api/carts', { name: 'Purchase Order 1' })).statusCode).toBe(201);
    const kitchen = (await ctx.db.select().from(carts).where(eq(carts.userId, user.id))).find((c) => c.name === 'Kitchen')!;
    const other = (await ctx.db.select().from(carts).where(eq(carts.userId, user.id))).find((c) => c.name === 'Purchase Order 1')!;
    expect((await client.delete(`/api/carts/${other.id}`)).statusCode).toBe(200);
    expect((await client.delete(`/api/carts/${kitchen.id}`)).statusCode).toBe(200);
    expect(await namesOf(user.id)).toEqual(['Purchase Order 1']);
  });
});

describe('migration 0025 renames carts still named "Active Purchase Order"', () => {
  const migration = readFileSync(fileURLToPath(new URL('../../db/migrations/0025_default-po-name.sql', import.meta.url)), 'utf8');

  async function runMigration() {
    for (const statement of migration.split('--> statement-breakpoint')) await ctx.db.execute(sql.raw(statement));
  }

  it("renames a dealer's cart to the first free number and a salesperson's to the next sample order", async () => {
    const dealer = await createUser(ctx.db, { role: 'bold_customer' });
    const busy = await createUser(ctx.db, { role: 'bold_customer' });
    const rep = await createUser(ctx.db, { role: 'salesperson' });
    await ctx.db.insert(carts).values([
      { userId: dealer.id, name: 'Active Purchase Order', isActive: true },
      { userId: dealer.id, name: 'Kitchen', isActive: false },
      { userId: busy.id, name: 'Active Purchase Order', isActive: true },
      { userId: busy.id, name: 'Purchase Order 1', isActive: false },
      { userId: rep.id, name: 'Active Purchase Order', isActive: true },
    ]);
    await ctx.db.insert(orders).values([
      { userId: busy.id, username: busy.username, kind: 'purchase', cartName: 'Purchase Order 2' },
      { userId: rep.id, username: rep.username, kind: 'sample', cartName: 'Sample Order #1' },
    ]);
    await runMigration();
    expect(await namesOf(dealer.id)).toEqual(['Kitchen', 'Purchase Order 1']);
    expect(await namesOf(busy.id)).toEqual(['Purchase Order 1', 'Purchase Order 3']);
    expect(await namesOf(rep.id)).toEqual(['Sample Order #2']);
    const left = await ctx.db.select().from(carts).where(eq(carts.name, 'Active Purchase Order'));
    expect(left).toEqual([]);
  });
});

import { PgDialect } from 'drizzle-orm/pg-core';
import { and, desc, eq } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { createUser, TestClient } from '../../../../test/api';
import { activeCart, CATALOGUE } from '../../../../test/cart-fixtures';
import { useSingleConnectionApp } from '../../../../test/single-connection-app';
import { activityLogs } from '../../db/schema';

/** The app on ONE connection, so pg_prepared_statements on it shows what the adds prepared. */
const ctx = useSingleConnectionApp();

it('runs the cart add as one named statement, parsed once per connection (ADR 0153)', async () => {
  const client = await new TestClient(ctx.app).signInAs(await createUser(ctx.single.db, { role: 'bold_customer' }));
  const cart = await activeCart(client);
  for (const quantity of [1, 2, 3]) {
    const added = await client.post(`/api/carts/${cart.id}/items`, { productId: CATALOGUE.plenty.id, quantity });
    expect(added.statusCode, added.body).toBe(200);
  }
  const { rows } = await ctx.single.pool.query<{ name: string; runs: number }>(
    "select name, (generic_plans + custom_plans)::int as runs from pg_prepared_statements where name like 'cart_add_%'",
  );
  expect(rows).toEqual([{ name: expect.stringMatching(/^cart_add_[0-9a-f]{16}$/), runs: 3 }]);
});

it('renders the add statement once: later adds build no SQL, and each still logs its own values (ADR 0153)', async () => {
  const user = await createUser(ctx.single.db, { role: 'bold_customer' });
  const client = await new TestClient(ctx.app).signInAs(user);
  const cart = await activeCart(client);
  expect((await client.post(`/api/carts/${cart.id}/items`, { productId: CATALOGUE.plenty.id, quantity: 1 })).statusCode).toBe(200);
  // From now on the add's text is known: drizzle renders no cart add again (other reads, such as a
  // session read after the cache's second, may still be rendered).
  const render = vi.spyOn(PgDialect.prototype, 'sqlToQuery');
  const renderedAdds = () => render.mock.results.filter((r) => r.type === 'return' && /insert into "cart_items"/.test(String(r.value.sql)));
  try {
    const added = await client.post(`/api/carts/${cart.id}/items`, { productId: CATALOGUE.plenty.id, quantity: 4 });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ cartId: cart.id, productId: CATALOGUE.plenty.id, quantity: 5 });
    expect(renderedAdds()).toEqual([]);
  } finally {
    render.mockRestore();
  }
  const [logged] = await ctx.single.db
    .select()
    .from(activityLogs)
    .where(and(eq(activityLogs.userId, user.id), eq(activityLogs.type, 'product_added')))
    .orderBy(desc(activityLogs.id))
    .limit(1);
  expect(logged).toMatchObject({
    description: `${user.username} added 4 x ${CATALOGUE.plenty.name} to their cart`,
    metadata: { cartId: cart.id, productId: CATALOGUE.plenty.id, quantity: 4 },
    ipAddress: expect.any(String),
  });
});

it('sends an add without an Idempotency-Key as ONE named query on the pool: pool.query({ name, text, values }) (issue 22)', async () => {
  const client = await new TestClient(ctx.app).signInAs(await createUser(ctx.single.db, { role: 'bold_customer' }));
  const cart = await activeCart(client);
  const query = vi.spyOn(ctx.single.pool, 'query');
  try {
    const added = await client.post(`/api/carts/${cart.id}/items`, { productId: CATALOGUE.cheap.id, quantity: 1 });
    expect(added.statusCode, added.body).toBe(200);
    const adds = query.mock.calls
      .map(([config]) => config as unknown)
      .filter((config): config is { name: string } => typeof (config as { name?: unknown } | null)?.name === 'string')
      .filter((config) => config.name.startsWith('cart_add_'));
    expect(adds).toEqual([expect.objectContaining({ name: expect.stringMatching(/^cart_add_[0-9a-f]{16}$/), values: expect.arrayContaining([cart.id]) })]);
  } finally {
    query.mockRestore();
  }
});

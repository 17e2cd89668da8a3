import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { earliestRequestedDate, todayIn } from '@common/domain/business-days';
import { SHIP_TO_MESSAGES } from '@common/domain/ship-to';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { activeCart, CATALOGUE, insertCatalogue } from '../../../../test/cart-fixtures';
import { emailOutbox, orders, users, webhookDeliveries, webhookEndpoints } from '../../db/schema';

/** docs/decisions/0210: a shipped sample order goes to the rep's store, copied onto the order. */
const ctx = useTestApp();

beforeAll(async () => insertCatalogue(ctx.db));

const STORE = {
  storeName: 'BOLD Design Studio Irvine',
  storeAddress: '17 Technology Dr',
  storeCity: 'Irvine',
  storeState: 'CA',
  storeZip: '92618',
  storeContactName: 'Maria Lopez',
  storePhone: '949-555-0117',
};

const ADDRESS = {
  name: 'BOLD Design Studio Irvine',
  contactName: 'Maria Lopez',
  phone: '949-555-0117',
  street: '17 Technology Dr',
  street2: null,
  city: 'Irvine',
  state: 'CA',
  zip: '92618',
};

async function rep(profile: Partial<typeof users.$inferInsert> = {}) {
  const user = await createUser(ctx.db, { role: 'salesperson', email: `rep${Math.random().toString(36).slice(2, 8)}@example.com` });
  if (Object.keys(profile).length > 0) await ctx.db.update(users).set(profile).where(eq(users.id, user.id));
  return { user, client: await new TestClient(ctx.app).signInAs(user) };
}

async function submit(client: TestClient, body: Record<string, unknown>) {
  const cart = await activeCart(client);
  if (cart.totalItems === 0) await client.post(`/api/carts/${cart.id}/items`, { productId: CATALOGUE.plenty.id, quantity: 2 });
  return client.post('/api/orders', { cartId: cart.id, requestedDate: earliestRequestedDate(todayIn()), ...body });
}

const ordersOf = (userId: number) => ctx.db.select().from(orders).where(eq(orders.userId, userId));

describe('sample order ship-to', () => {
  it('keeps the address as placed, in the answer, GET, email, export and webhook; a later profile edit leaves it alone', async () => {
    await ctx.db.insert(webhookEndpoints).values({ url: 'https://erp.example.com/hook', events: ['order.created'], secret: 'whsec_dGVzdHNlY3JldHRlc3RzZWNyZXQ=' });
    const { user, client } = await rep(STORE);
    // The rep changed one line at checkout: a suite, and another contact.
    const edited = { ...ADDRESS, contactName: 'Front desk', street2: 'Suite 200', state: 'ca' };
    const placed = await submit(client, { deliveryType: 'ship', shipToAddress: edited });
    expect(placed.statusCode, placed.body).toBe(201);
    const id = placed.json().id as number;
    const expected = { ...edited, state: 'CA' };
    const text = 'BOLD Design Studio Irvine\nAttn: Front desk\n17 Technology Dr\nSuite 200\nIrvine, CA 92618\nPhone: 949-555-0117';
    expect(placed.json()).toMatchObject({ deliveryType: 'ship', shipToAddress: expected, shipTo: text });

    await client.patch('/api/user/profile', { storeAddress: '99 Other Rd', storeCity: 'Tustin' });
    expect((await client.get(`/api/orders/${id}`)).json()).toMatchObject({ shipToAddress: expected, shipTo: text });
    expect((await client.get('/api/orders')).json().orders[0]).toMatchObject({ id, shipToAddress: expected });

    const [email] = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.reference, `order:${id}`));
    expect(email!.textBody).toContain(`Ship to: ${text}`);
    expect(email!.htmlBody).toContain('Suite 200');

    const csv = await client.get('/api/orders/export?format=csv');
    const rows = parse(csv.body.replace(/^\ufeff/, ''), { columns: true }) as Record<string, string>[];
    expect(rows[0]).toMatchObject({
      'Ship To': text,
      'Ship To Name': 'BOLD Design Studio Irvine',
      'Ship To Contact': 'Front desk',
      'Ship To Phone': '949-555-0117',
      'Ship To Street': '17 Technology Dr',
      'Ship To Suite': 'Suite 200',
      'Ship To City': 'Irvine',
      'Ship To State': 'CA',
      'Ship To ZIP': '92618',
    });

    const deliveries = await ctx.db.select().from(webhookDeliveries);
    const event = deliveries.map((d) => JSON.parse((d as { body: string }).body)).find((b) => b.type === 'order.created' && b.data.order.id === id);
    expect(event?.data.order.shipToAddress).toEqual(expected);
    expect(user.id).toBe(placed.json().userId);
  });

  it('without an address in the body ships to the complete profile store; contact and phone fall back to the rep', async () => {
    const { storeContactName: _c, storePhone: _p, ...store } = STORE;
    const { client } = await rep({ ...store, firstName: 'Dana', lastName: 'Field', phone: '(714) 555-0100' });
    const placed = await submit(client, { deliveryType: 'ship' });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().shipToAddress).toEqual({ ...ADDRESS, contactName: 'Dana Field', phone: '(714) 555-0100' });
  });

  it('refuses a Ship sample order without a complete address (body or profile) with field errors, and changes nothing', async () => {
    const { user, client } = await rep({ storeName: 'Half a store', storeAddress: '1 Main St' });
    const cart = await activeCart(client);

    const none = await submit(client, { deliveryType: 'ship' });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(SHIP_TO_MESSAGES.missing);
    expect(none.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'shipToAddress.city', message: SHIP_TO_MESSAGES.city },
        { path: 'shipToAddress.state', message: SHIP_TO_MESSAGES.state },
        { path: 'shipToAddress.zip', message: SHIP_TO_MESSAGES.zip },
        { path: 'shipToAddress.contactName', message: SHIP_TO_MESSAGES.contactName },
        { path: 'shipToAddress.phone', message: SHIP_TO_MESSAGES.phone },
      ]),
    );

    const partial = await submit(client, { deliveryType: 'ship', shipToAddress: { ...ADDRESS, city: '  ', zip: '9261' } });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'shipToAddress.city', message: SHIP_TO_MESSAGES.city },
        { path: 'shipToAddress.zip', message: SHIP_TO_MESSAGES.badZip },
      ]),
    );
    const badState = await submit(client, { deliveryType: 'ship', shipToAddress: { ...ADDRESS, state: 'XX', phone: '555' } });
    expect(badState.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'shipToAddress.state', message: SHIP_TO_MESSAGES.badState },
        { path: 'shipToAddress.phone', message: SHIP_TO_MESSAGES.badPhone },
      ]),
    );

    const typed = await submit(client, { deliveryType: 'ship', shipTo: '1 Main St, Springfield' });
    expect(typed.statusCode).toBe(400);
    expect(typed.json().errors).toEqual([{ path: 'shipTo', message: SHIP_TO_MESSAGES.textNotForSamples }]);

    expect(await ordersOf(user.id)).toHaveLength(0);
    expect((await client.get(`/api/carts/${cart.id}`)).json().totalItems).toBe(2);
  });

  it('pickup needs and keeps no address', async () => {
    const { client } = await rep();
    const placed = await submit(client, { deliveryType: 'pickup', shipToAddress: ADDRESS });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json()).toMatchObject({ deliveryType: 'pickup', shipTo: null, shipToAddress: null });
  });

  it('an order shipped before addresses were recorded answers null', async () => {
    const { user, client } = await rep(STORE);
    const placed = await submit(client, { deliveryType: 'ship' });
    await ctx.db.update(orders).set({ shipTo: null, shipToAddress: null }).where(eq(orders.userId, user.id));
    expect((await client.get(`/api/orders/${placed.json().id}`)).json()).toMatchObject({ deliveryType: 'ship', shipTo: null, shipToAddress: null });
  });
});

describe('the store address in the profile', () => {
  it('is saved by the user and by an admin, checked by the ship-to rules', async () => {
    const { user, client } = await rep();
    const saved = await client.patch('/api/user/profile', { ...STORE, storeState: 'ca', storeZip: '92618-1234' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ ...STORE, storeZip: '92618-1234' });
    expect((await client.get('/api/user')).json()).toMatchObject({ storeCity: 'Irvine', storeState: 'CA' });

    const bad = await client.patch('/api/user/profile', { storeZip: 'ABCDE', storeState: 'California', storePhone: '12' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'storeZip', message: SHIP_TO_MESSAGES.badZip },
        { path: 'storeState', message: SHIP_TO_MESSAGES.badState },
        { path: 'storePhone', message: SHIP_TO_MESSAGES.badPhone },
      ]),
    );
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ storeZip: '92618-1234', storeState: 'CA' });

    const admin = await new TestClient(ctx.app).signInAs(await createUser(ctx.db, { role: 'admin' }), 'admin');
    const edited = await admin.patch(`/api/users/${user.id}`, { storeCity: 'Tustin', storeZip: '' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ storeCity: 'Tustin', storeZip: null });
  });
});

describe('migration 0022', () => {
  it('splits a one-line US store address into its parts and leaves any other text as the street', async () => {
    const migration = readFileSync(new URL('../../db/migrations/0022_store-address-ship-to.sql', import.meta.url), 'utf8');
    const split = migration.split('--> statement-breakpoint').find((statement) => statement.includes('regexp_match'))!;
    const oneLine = await createUser(ctx.db);
    const other = await createUser(ctx.db);
    await ctx.db.update(users).set({ storeAddress: '1420 Harbor Blvd, Suite 5, Costa Mesa, ca 92626-1234' }).where(eq(users.id, oneLine.id));
    await ctx.db.update(users).set({ storeAddress: '12 Main St, Springfield' }).where(eq(users.id, other.id));
    await ctx.db.execute(sql.raw(split));
    const [a] = await ctx.db.select().from(users).where(eq(users.id, oneLine.id));
    expect(a).toMatchObject({ storeAddress: '1420 Harbor Blvd, Suite 5', storeCity: 'Costa Mesa', storeState: 'CA', storeZip: '92626-1234' });
    const [b] = await ctx.db.select().from(users).where(eq(users.id, other.id));
    expect(b).toMatchObject({ storeAddress: '12 Main St, Springfield', storeCity: null, storeZip: null });
  });
});

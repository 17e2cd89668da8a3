import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, earliestRequestedDate, isWeekend, todayIn } from '@common/domain/business-days';
import { queryDayMessage } from '@common/contracts/query-params';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { activeCart, CATALOGUE, insertCatalogue } from '../../../../test/cart-fixtures';
import { closedDays, emailOutbox, orders, users } from '../../db/schema';

/** ADR 0192: a dealer's checkout fields, order history search and the own-orders export. */
const ctx = useTestApp();

beforeAll(async () => insertCatalogue(ctx.db));

async function dealer(profile: { storeName?: string; storeAddress?: string } = {}) {
  const user = await createUser(ctx.db, { role: 'bold_customer', email: `d${Math.random().toString(36).slice(2, 8)}@example.com` });
  if (Object.keys(profile).length > 0) await ctx.db.update(users).set(profile).where(eq(users.id, user.id));
  return { user, client: await new TestClient(ctx.app).signInAs(user) };
}

async function place(client: TestClient, body: Record<string, unknown>, line: { productId: number; quantity: number } = { productId: CATALOGUE.cheap.id, quantity: 2 }) {
  const cart = await activeCart(client);
  await client.post(`/api/carts/${cart.id}/items`, line);
  return client.post('/api/orders', body);
}

const emailFor = async (orderId: number) => (await ctx.db.select().from(emailOutbox)).find((r) => r.subject.includes(`#${orderId} `))!;

function firstWeekdayFrom(day: string): string {
  let d = day;
  while (isWeekend(d)) d = addDays(d, 1);
  return d;
}

describe('dealer checkout fields', () => {
  it('ship without an address goes to the profile store address; date, reference and note are kept everywhere', async () => {
    const { client } = await dealer({ storeName: 'Tile Town', storeAddress: '12 Main St, Springfield' });
    const earliest = (await client.get('/api/orders/requested-dates')).json().earliest as string;
    const placed = await place(client, { deliveryType: 'ship', requestedDate: earliest, poReference: 'JOB-4471', notes: 'Call before' });
    expect(placed.statusCode, placed.body).toBe(201);
    const id = placed.json().id as number;
    const expected = { deliveryType: 'ship', shipTo: 'Tile Town\n12 Main St, Springfield', requestedDate: earliest, poReference: 'JOB-4471', notes: 'Call before' };
    expect(placed.json()).toMatchObject(expected);
    expect((await client.get(`/api/orders/${id}`)).json()).toMatchObject(expected);
    expect((await client.get('/api/orders')).json().orders[0]).toMatchObject(expected);

    const email = await emailFor(id);
    expect(email.textBody).toContain('Delivery: Ship');
    expect(email.textBody).toContain('Ship to: Tile Town\n12 Main St, Springfield');
    expect(email.textBody).toContain('Requested arrival:');

    const csv = await client.get('/api/orders/export?format=csv');
    expect(csv.statusCode).toBe(200);
    const [header, row] = csv.body.replace(/^\ufeff/, '').split(/\r?\n/);
    expect(header).toContain('Ship To');
    expect(header).toContain('PO Reference');
    expect(row).toContain('JOB-4471');
    expect(csv.body).toContain('12 Main St, Springfield');
  });

  it('a typed address wins; pickup keeps none', async () => {
    const { client } = await dealer({ storeAddress: '12 Main St' });
    const shipped = await place(client, { deliveryType: 'ship', shipTo: ' Site 9, Elm Rd ' });
    expect(shipped.json()).toMatchObject({ deliveryType: 'ship', shipTo: 'Site 9, Elm Rd', requestedDate: null });
    const pickup = await place(client, { deliveryType: 'pickup', shipTo: 'ignored' });
    expect(pickup.json()).toMatchObject({ deliveryType: 'pickup', shipTo: null });
  });

  it('an optional date follows the sample order rules: weekends, too soon and closed days are refused', async () => {
    const { user, client } = await dealer();
    const today = todayIn();
    let saturday = addDays(today, 10);
    while (new Date(`${saturday}T00:00:00Z`).getUTCDay() !== 6) saturday = addDays(saturday, 1);
    const weekend = await place(client, { deliveryType: 'pickup', requestedDate: saturday });
    expect(weekend.statusCode).toBe(400);
    expect(weekend.json().message).toBe('Requested date must be a weekday');
    expect((await place(client, { requestedDate: today })).json().message).toBe('Requested date must be at least three business days from today');
    const closed = firstWeekdayFrom(addDays(earliestRequestedDate(today), 30));
    await ctx.db.insert(closedDays).values({ day: closed, name: 'Stocktaking' }).onConflictDoNothing();
    expect((await place(client, { requestedDate: closed })).json().message).toBe('The warehouse is closed on that day. Please choose another date.');
    expect(await ctx.db.select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(0);
    expect((await place(client, {})).statusCode, 'no date is fine for a PO').toBe(201);
  });

  it('refuses a ship-to address over 500 characters', async () => {
    const { client } = await dealer();
    const response = await place(client, { deliveryType: 'ship', shipTo: 'x'.repeat(501) });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Ship-to address must be at most 500 characters');
  });
});

describe('order history search and export', () => {
  async function history() {
    const { user, client } = await dealer();
    const cart = await activeCart(client);
    await client.patch(`/api/carts/${cart.id}`, {});
    const a = (await place(client, { poReference: 'SMITH-KITCHEN' }, { productId: CATALOGUE.cheap.id, quantity: 1 })).json();
    const b = (await place(client, { poReference: 'JONES-BATH' }, { productId: CATALOGUE.plenty.id, quantity: 1 })).json();
    // The first order was placed last week.
    await ctx.db.update(orders).set({ createdAt: new Date(Date.now() - 8 * 86_400_000) }).where(eq(orders.id, a.id));
    return { user, client, a, b };
  }
  const ids = (response: { json: () => { orders: { id: number }[] } }) => response.json().orders.map((o) => o.id);

  it('finds orders by PO name or reference, SKU and placed dates, own orders only', async () => {
    const { client, a, b } = await history();
    const other = await dealer();
    await place(other.client, { poReference: 'SMITH-KITCHEN' });

    expect(ids(await client.get('/api/orders?q=smith'))).toEqual([a.id]);
    expect(ids(await client.get('/api/orders?q=Purchase%20Order'))).toEqual([b.id, a.id]);
    expect(ids(await client.get(`/api/orders?sku=${CATALOGUE.plenty.id}`))).toEqual([b.id]);
    const today = todayIn();
    expect(ids(await client.get(`/api/orders?from=${today}&to=${today}`))).toEqual([b.id]);
    expect(ids(await client.get(`/api/orders?to=${addDays(today, -1)}`))).toEqual([a.id]);
    expect(ids(await client.get('/api/orders?q=100%25'))).toEqual([]);
  });

  it('refuses a bad range or date with a message', async () => {
    const { client } = await dealer();
    const backwards = await client.get('/api/orders?from=2026-02-02&to=2026-01-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe('The start date must be before the end date');
    expect((await client.get('/api/orders?from=yesterday')).json().message).toBe(queryDayMessage('From'));
    expect((await client.get('/api/orders?sku=abc')).json().message).toBe('SKU must be a whole number');
  });

  it('exports only the caller\'s own orders as CSV and xlsx, with the same search', async () => {
    const { client, b } = await history();
    const other = await dealer();
    await place(other.client, { poReference: 'OTHER-REF' });

    const csv = await client.get('/api/orders/export?format=csv');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/my-orders-\d{4}-\d{2}-\d{2}\.csv/);
    expect(csv.body).toContain('SMITH-KITCHEN');
    expect(csv.body).toContain('JONES-BATH');
    expect(csv.body).not.toContain('OTHER-REF');

    const searched = await client.get('/api/orders/export?format=xlsx&q=jones');
    expect(searched.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(searched.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Orders')!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const orderIdColumn = header.indexOf('Order ID') + 1;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(orderIdColumn).value).toBe(b.id);
  });
});

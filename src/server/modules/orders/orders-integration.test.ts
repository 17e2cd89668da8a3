import { parse as parseDisposition } from 'content-disposition';
import ExcelJS from 'exceljs';
import { eq, inArray, sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { ORDER_MESSAGES_CONTRACT, ORDERS_PAGE_SIZE } from '@common/contracts/orders';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { activeCart, CATALOGUE, insertCatalogue } from '../../../../test/cart-fixtures';
import { bearer, createToken, signedInAdmin } from '../../../../test/integrations';
import { activityLogs, orderItems, orders } from '../../db/schema';

const ctx = useTestApp();
let admin: TestClient;
let token = '';

beforeAll(async () => {
  await insertCatalogue(ctx.db);
  admin = (await signedInAdmin(ctx.app, ctx.db)).client;
  token = (await createToken(admin, ['orders:read'])).token;
});

async function placeOrder(notes?: string) {
  const dealer = await createUser(ctx.db, { role: 'bold_customer' });
  const client = await new TestClient(ctx.app).signInAs(dealer);
  const cart = await activeCart(client);
  await client.post(`/api/carts/${cart.id}/items`, { productId: CATALOGUE.plenty.id, quantity: 2 });
  const response = await client.post('/api/orders', notes ? { notes } : {});
  expect(response.statusCode).toBe(201);
  return { dealer, order: response.json() as { id: number } };
}

/** Orders written straight to the table: many of them, quickly, for the polling pages. */
async function insertOrders(count: number): Promise<number[]> {
  const dealer = await createUser(ctx.db, { role: 'bold_customer' });
  const rows = await ctx.db
    .insert(orders)
    .values(Array.from({ length: count }, () => ({ userId: dealer.id, username: dealer.username, kind: 'purchase' as const, total: '1.00' })))
    .returning({ id: orders.id });
  return rows.map((r) => r.id);
}

const poll = (query: string) => bearer(ctx.app, token, { method: 'GET', url: `/api/orders?${query}` });

describe('polling GET /api/orders with updatedSince and a cursor', () => {
  it('pages through every change once, oldest first, and picks up later changes', async () => {
    const start = new Date(Date.now() - 5000).toISOString();
    const placed = await insertOrders(ORDERS_PAGE_SIZE + 3);
    // Orders changed in the same instant still come out exactly once.
    await ctx.db.update(orders).set({ updatedAt: sql`date_trunc('second', now())` }).where(inArray(orders.id, placed.slice(0, 5)));

    const seen: number[] = [];
    let response = await poll(`updatedSince=${encodeURIComponent(start)}`);
    expect(response.statusCode).toBe(200);
    let page = response.json();
    expect(page.total).toBe(placed.length);
    seen.push(...page.orders.map((o: { id: number }) => o.id));
    expect(page.hasMore).toBe(true);
    response = await poll(`cursor=${page.nextCursor}`);
    page = response.json();
    seen.push(...page.orders.map((o: { id: number }) => o.id));
    expect(page.hasMore).toBe(false);
    expect(seen.sort((a, b) => a - b)).toEqual([...placed].sort((a, b) => a - b));

    // Nothing new: the same position comes back. A later status change shows up after it.
    const quiet = (await poll(`cursor=${page.nextCursor}`)).json();
    expect(quiet).toMatchObject({ orders: [], nextCursor: page.nextCursor, hasMore: false });
    await admin.patch(`/api/orders/${placed[0]}`, { status: 'confirmed' });
    const later = (await poll(`cursor=${page.nextCursor}`)).json();
    expect(later.orders.map((o: { id: number; status: string }) => [o.id, o.status])).toEqual([[placed[0], 'confirmed']]);
  });

  it('refuses a broken cursor or date', async () => {
    const bad = await poll('cursor=nonsense');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(ORDER_MESSAGES_CONTRACT.badCursor);
    expect((await poll('updatedSince=yesterday')).statusCode).toBe(400);
  });

  it('keeps a dealer to their own orders when polling', async () => {
    const { dealer, order } = await placeOrder();
    await placeOrder();
    const client = await new TestClient(ctx.app).signInAs(dealer);
    const mine = (await client.get(`/api/orders?updatedSince=${encodeURIComponent('2000-01-01T00:00:00Z')}`)).json();
    expect(mine.orders.map((o: { id: number }) => o.id)).toEqual([order.id]);
  });
});

describe('order export', () => {
  it('writes one CSV row per line with the order fields, formulas neutralised', async () => {
    const { order } = await placeOrder('=HYPERLINK("http://evil.example","click")');
    // A line priced CALL when ordered.
    await ctx.db.insert(orderItems).values({ orderId: order.id, productId: CATALOGUE.special.id, productName: CATALOGUE.special.name, quantity: 1, price: null });
    const response = await admin.get(`/api/admin/orders/export?format=csv&from=${encodeURIComponent(new Date(Date.now() - 60_000).toISOString())}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(parseDisposition(String(response.headers['content-disposition']))).toMatchObject({ type: 'attachment', parameters: { filename: expect.stringMatching(/^orders-\d{4}-\d{2}-\d{2}\.csv$/) } });
    const rows = parse(response.body.replace(/^\ufeff/, ''), { columns: true }) as Record<string, string>[];
    const lines = rows.filter((r) => r['Order ID'] === String(order.id));
    expect(lines.map((l) => [l['SKU / Code'], l.Quantity, l['Unit Price']])).toEqual([
      [String(CATALOGUE.plenty.id), '2', '42.50'],
      [String(CATALOGUE.special.id), '1', ''],
    ]);
    expect(lines[0]!.Notes).toBe(`'=HYPERLINK("http://evil.example","click")`);
    expect(lines[0]!.Status).toBe('Submitted');
    const [log] = await ctx.db.select().from(activityLogs).where(eq(activityLogs.type, 'export_generated'));
    expect(log!.metadata).toMatchObject({ complete: true });
  });

  it('writes the same rows as xlsx and applies the filters', async () => {
    const { order } = await placeOrder('+SUM(1,2)');
    await admin.patch(`/api/orders/${order.id}`, { status: 'confirmed' });
    await admin.patch(`/api/orders/${order.id}`, { status: 'shipped' });
    const response = await bearer(ctx.app, token, { method: 'GET', url: '/api/admin/orders/export?format=xlsx&status=shipped' });
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Orders')!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header[0]).toBe('Order');
    const body = sheet.getRows(2, sheet.rowCount - 1)!.map((r) => (r.values as unknown[]).slice(1));
    expect(body.every((r) => r[4] === 'Shipped')).toBe(true);
    expect(body.map((r) => r[1])).toEqual([order.id]);
    expect(body[0]![16]).toBe(42.5);
    expect(body[0]![10]).toBe(`'+SUM(1,2)`);
  });

  it('refuses bad filters and non-admins', async () => {
    expect((await admin.get('/api/admin/orders/export?format=pdf')).statusCode).toBe(400);
    expect((await admin.get('/api/admin/orders/export?from=2025-02-01T00:00:00Z&to=2025-01-01T00:00:00Z')).json().message).toBe(
      ORDER_MESSAGES_CONTRACT.badRange,
    );
    const dealer = await new TestClient(ctx.app).signInAs(await createUser(ctx.db, { role: 'bold_customer' }));
    expect((await dealer.get('/api/admin/orders/export')).statusCode).toBe(403);
  });
});

import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addBusinessDays, earliestRequestedDate, isWeekend, addDays, todayIn } from '@common/domain/business-days';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { activeCart, CATALOGUE, insertCatalogue } from '../../../../test/cart-fixtures';
import { closedDays, orders } from '../../db/schema';

const ctx = useTestApp();

beforeAll(async () => insertCatalogue(ctx.db));

const today = () => todayIn();

async function admin() {
  const user = await createUser(ctx.db, { role: 'admin' });
  return new TestClient(ctx.app).signInAs(user, 'admin');
}

async function salespersonWithCart() {
  const user = await createUser(ctx.db, { role: 'salesperson' });
  const client = await new TestClient(ctx.app).signInAs(user);
  const cart = await activeCart(client);
  await client.post(`/api/carts/${cart.id}/items`, { productId: CATALOGUE.plenty.id, quantity: 1 });
  return { user, client };
}

function nextWeekday(from: string): string {
  let day = from;
  while (isWeekend(day)) day = addDays(day, 1);
  return day;
}

describe('closed days (ADR 0054)', () => {
  it('are kept by admins only', async () => {
    const dealer = await new TestClient(ctx.app).signInAs(await createUser(ctx.db, { role: 'bold_customer' }));
    expect((await dealer.get('/api/closed-days')).statusCode).toBe(403);
    expect((await dealer.post('/api/closed-days', { day: '2031-11-27', name: 'Thanksgiving' })).statusCode).toBe(403);
    const adminAsSales = await new TestClient(ctx.app).signInAs(await createUser(ctx.db, { role: 'admin' }), 'salesperson');
    expect((await adminAsSales.post('/api/closed-days', { day: '2031-11-27', name: 'Thanksgiving' })).statusCode).toBe(403);
    expect(await ctx.db.select().from(closedDays).where(eq(closedDays.day, '2031-11-27'))).toHaveLength(0);
  });

  it('are added, listed in date order and removed', async () => {
    const c = await admin();
    expect((await c.post('/api/closed-days', { day: '2032-12-25', name: 'Christmas' })).statusCode).toBe(200);
    expect((await c.post('/api/closed-days', { day: '2032-11-25', name: ' Thanksgiving ' })).json()).toEqual({ day: '2032-11-25', name: 'Thanksgiving' });
    const listed = (await c.get('/api/closed-days')).json().filter((d: { day: string }) => d.day.startsWith('2032'));
    expect(listed).toEqual([
      { day: '2032-11-25', name: 'Thanksgiving' },
      { day: '2032-12-25', name: 'Christmas' },
    ]);
    expect((await c.delete('/api/closed-days/2032-12-25')).statusCode).toBe(200);
    expect((await c.delete('/api/closed-days/2032-12-25')).statusCode).toBe(404);
  });

  it('refuses a bad date, a blank name and a day already closed, changing nothing', async () => {
    const c = await admin();
    const bad = await c.post('/api/closed-days', { day: '2033-02-30', name: 'Nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Date must be a date like 2025-11-27');
    expect((await c.post('/api/closed-days', { day: '2033-03-01', name: '  ' })).json().message).toBe('Please name the closed day (e.g. Thanksgiving)');
    await c.post('/api/closed-days', { day: '2033-07-04', name: 'Independence Day' });
    const twice = await c.post('/api/closed-days', { day: '2033-07-04', name: 'Again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('2033-07-04 is already a closed day');
    const [row] = await ctx.db.select().from(closedDays).where(eq(closedDays.day, '2033-07-04'));
    expect(row!.name).toBe('Independence Day');
    expect((await c.delete('/api/closed-days/yesterday')).statusCode).toBe(400);
  });

  it('are skipped by the requested-date rule like weekends, on the server and for the picker', async () => {
    const c = await admin();
    const before = earliestRequestedDate(today());
    // Close the first business day of the notice period: the earliest date moves one business day on.
    const firstBusinessDay = addBusinessDays(today(), 1);
    await c.post('/api/closed-days', { day: firstBusinessDay, name: 'Stocktaking' });
    const later = nextWeekday(addDays(before, 20));
    await c.post('/api/closed-days', { day: later, name: 'Thanksgiving' });

    const { user, client } = await salespersonWithCart();
    const dates = (await client.get('/api/orders/requested-dates')).json();
    const closed = new Set([firstBusinessDay, later]);
    expect(dates.earliest).toBe(earliestRequestedDate(today(), closed));
    expect(dates.earliest > before).toBe(true);
    expect(dates.closedDays).toEqual(expect.arrayContaining([{ day: later, name: 'Thanksgiving' }]));

    const tooSoon = await client.post('/api/orders', { requestedDate: before, deliveryType: 'pickup' });
    expect(tooSoon.statusCode).toBe(400);
    expect(tooSoon.json().message).toBe('Requested date must be at least three business days from today');
    const onClosed = await client.post('/api/orders', { requestedDate: later, deliveryType: 'pickup' });
    expect(onClosed.statusCode).toBe(400);
    expect(onClosed.json().message).toBe('The warehouse is closed on that day. Please choose another date.');
    expect(await ctx.db.select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(0);

    const ok = await client.post('/api/orders', { requestedDate: dates.earliest, deliveryType: 'pickup' });
    expect(ok.statusCode).toBe(201);
  });
});

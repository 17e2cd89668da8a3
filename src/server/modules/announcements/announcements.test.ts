import { ANNOUNCEMENT_MESSAGES } from '@common/contracts/announcements';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { announcements } from '../../db/schema';

const ctx = useTestApp();
const client = () => new TestClient(ctx.app);

async function as(role: 'admin' | 'salesperson' | 'bold_customer', actAs?: 'admin' | 'salesperson' | 'bold_customer') {
  const user = await createUser(ctx.db, { role });
  return { user, c: await client().signInAs(user, role === 'admin' ? (actAs ?? 'admin') : undefined) };
}

async function seed(isActive: boolean, title = `Note ${Math.random().toString(36).slice(2)}`) {
  const { user } = await as('admin');
  const [row] = await ctx.db.insert(announcements).values({ title, message: 'Body', isActive, createdBy: user.id }).returning();
  return row!;
}

async function count() {
  const [row] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(announcements);
  return row!.n;
}

describe('GET /api/announcements (only salespeople and admins load them)', () => {
  it('shows salespeople only the active ones, newest first, with the author’s username', async () => {
    const older = await seed(true);
    const hidden = await seed(false);
    const newer = await seed(true);
    const { c } = await as('salesperson');
    const response = await c.get('/api/announcements');
    expect(response.statusCode).toBe(200);
    const ids = response.json().map((a: { id: number }) => a.id);
    expect(ids).not.toContain(hidden.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(response.json()[0]).toEqual({
      id: expect.any(Number),
      title: expect.any(String),
      message: 'Body',
      isActive: true,
      createdBy: expect.any(Number),
      createdByUsername: expect.any(String),
      createdAt: expect.any(String),
    });
  });

  it('shows admins every announcement, and an admin acting as salesperson only the active ones', async () => {
    const hidden = await seed(false);
    const asAdmin = await (await as('admin')).c.get('/api/announcements');
    expect(asAdmin.json().map((a: { id: number }) => a.id)).toContain(hidden.id);
    const asSales = await (await as('admin', 'salesperson')).c.get('/api/announcements');
    expect(asSales.statusCode).toBe(200);
    expect(asSales.json().map((a: { id: number }) => a.id)).not.toContain(hidden.id);
  });

  it('refuses customers (also an admin acting as one) and anonymous callers', async () => {
    expect((await (await as('bold_customer')).c.get('/api/announcements')).statusCode).toBe(403);
    expect((await (await as('admin', 'bold_customer')).c.get('/api/announcements')).statusCode).toBe(403);
    expect((await client().get('/api/announcements')).statusCode).toBe(401);
  });
});

describe('POST /api/announcements', () => {
  it.each([
    [{ message: 'Hello' }, ANNOUNCEMENT_MESSAGES.titleRequired],
    [{ title: '   ', message: 'Hello' }, ANNOUNCEMENT_MESSAGES.titleRequired],
    [{ title: 'Hi' }, ANNOUNCEMENT_MESSAGES.messageRequired],
    [{ title: 'Hi', message: '' }, ANNOUNCEMENT_MESSAGES.messageRequired],
    [{ title: 'x'.repeat(201), message: 'Hello' }, 'Title must be at most 200 characters'],
  ])('refuses %j with "%s" and saves nothing', async (body, message) => {
    const { c } = await as('admin');
    const before = await count();
    const response = await c.post('/api/announcements', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await count()).toBe(before);
  });

  it('creates an active announcement by default, authored by the admin', async () => {
    const { user, c } = await as('admin');
    const response = await c.post('/api/announcements', { title: '  Price change  ', message: 'New prices from Monday' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ title: 'Price change', isActive: true, createdBy: user.id, createdByUsername: user.username });
    const inactive = await c.post('/api/announcements', { title: 'Draft', message: 'Later', isActive: false });
    expect(inactive.json().isActive).toBe(false);
  });

  it('is for admins only', async () => {
    const before = await count();
    expect((await (await as('salesperson')).c.post('/api/announcements', { title: 'x', message: 'y' })).statusCode).toBe(403);
    expect((await (await as('admin', 'salesperson')).c.post('/api/announcements', { title: 'x', message: 'y' })).statusCode).toBe(403);
    expect(await count()).toBe(before);
  });
});

describe('PATCH /api/announcements/{id} (the Status switch)', () => {
  it('turns an announcement off and on', async () => {
    const row = await seed(true);
    const { c } = await as('admin');
    const off = await c.patch(`/api/announcements/${row.id}`, { isActive: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().isActive).toBe(false);
    const sales = await as('salesperson');
    expect((await sales.c.get('/api/announcements')).json().map((a: { id: number }) => a.id)).not.toContain(row.id);
    expect((await c.patch(`/api/announcements/${row.id}`, { isActive: true })).json().isActive).toBe(true);
    expect((await sales.c.get('/api/announcements')).json().map((a: { id: number }) => a.id)).toContain(row.id);
  });

  it('refuses a body without isActive, an unknown id and a salesperson', async () => {
    const row = await seed(true);
    const { c } = await as('admin');
    expect((await c.patch(`/api/announcements/${row.id}`, { title: 'x' })).statusCode).toBe(400);
    const missing = await c.patch('/api/announcements/999999', { isActive: false });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(ANNOUNCEMENT_MESSAGES.notFound);
    expect((await (await as('salesperson')).c.patch(`/api/announcements/${row.id}`, { isActive: false })).statusCode).toBe(403);
    const [after] = await ctx.db.select().from(announcements).where(eq(announcements.id, row.id));
    expect(after!.isActive).toBe(true);
  });
});

describe('PUT /api/announcements/{id} (edit title and message)', () => {
  const put = (c: TestClient, id: number, json: unknown) => c.request({ method: 'PUT', url: `/api/announcements/${id}`, json });
  const stored = async (id: number) => (await ctx.db.select().from(announcements).where(eq(announcements.id, id)))[0]!;

  it('lets an admin change the title and message, trimmed; author, date and status stay', async () => {
    const row = await seed(false);
    const { c } = await as('admin');
    const response = await put(c, row.id, { title: '  Closed Friday  ', message: ' The warehouse is closed on Friday.\nOrders ship Monday. ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: row.id, title: 'Closed Friday', message: 'The warehouse is closed on Friday.\nOrders ship Monday.', isActive: false, createdBy: row.createdBy });
    const after = await stored(row.id);
    expect(after).toMatchObject({ title: 'Closed Friday', isActive: false, createdBy: row.createdBy });
    expect(after.createdAt.toISOString()).toBe(row.createdAt.toISOString());
  });

  it('refuses a salesperson, an admin acting as salesperson and a signed-out caller with the announcement unchanged', async () => {
    const row = await seed(true);
    expect((await put((await as('salesperson')).c, row.id, { title: 'Hacked', message: 'x' })).statusCode).toBe(403);
    expect((await put((await as('admin', 'salesperson')).c, row.id, { title: 'Hacked', message: 'x' })).statusCode).toBe(403);
    expect((await put(client(), row.id, { title: 'Hacked', message: 'x' })).statusCode).toBe(401);
    expect(await stored(row.id)).toMatchObject({ title: row.title, message: 'Body' });
  });

  it.each([
    ['an empty title', { title: '', message: 'New' }, ANNOUNCEMENT_MESSAGES.titleRequired],
    ['a blank message', { title: 'New', message: '   ' }, ANNOUNCEMENT_MESSAGES.messageRequired],
    ['no title', { message: 'New' }, ANNOUNCEMENT_MESSAGES.titleRequired],
    ['a 5,001-character message', { title: 'New', message: 'y'.repeat(5001) }, 'Message must be at most 5000 characters'],
  ])('refuses %s with its message and changes nothing', async (_label, body, message) => {
    const row = await seed(true);
    const { c } = await as('admin');
    const response = await put(c, row.id, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await stored(row.id)).toMatchObject({ title: row.title, message: 'Body' });
  });

  it('answers 404 for an unknown announcement', async () => {
    const { c } = await as('admin');
    const response = await put(c, 999_999, { title: 'x', message: 'y' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(ANNOUNCEMENT_MESSAGES.notFound);
  });
});

describe('DELETE /api/announcements/{id}', () => {
  it('deletes for admins only and answers 404 after', async () => {
    const row = await seed(true);
    expect((await (await as('salesperson')).c.delete(`/api/announcements/${row.id}`)).statusCode).toBe(403);
    const { c } = await as('admin');
    expect((await c.delete(`/api/announcements/${row.id}`)).statusCode).toBe(200);
    expect(await ctx.db.select().from(announcements).where(eq(announcements.id, row.id))).toEqual([]);
    expect((await c.delete(`/api/announcements/${row.id}`)).statusCode).toBe(404);
  });
});

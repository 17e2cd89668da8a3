import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REP_MESSAGES } from '@common/domain/reps';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { multipartBody } from '../../../../test/multipart';
import { CATALOGUE, insertCatalogue } from '../../../../test/cart-fixtures';
import { buildApp } from '../../app';
import { activityLogs, companies, emailOutbox, orderItems, orders, priceListAssignments, priceListEntries, priceLists, repAssignments, users } from '../../db/schema';
import { SESSION_CACHE_CHANNEL } from '../../plugins/session-cache';

/*
 * Reps order for their dealers (docs/decisions/0235): assignments, the session that keeps both
 * identities, "this rep, for this assigned company" on every route, and both names on the order.
 */
const ctx = useTestApp();
const SKU = CATALOGUE.plenty.id; // base 42.50, 500 in stock

beforeAll(async () => insertCatalogue(ctx.db));

let counter = 0;
async function company(extra: Partial<typeof companies.$inferInsert> = {}) {
  counter += 1;
  const [row] = await ctx.db
    .insert(companies)
    .values({ name: `Garcia Tile ${counter}`, accountNumber: `C-9${counter}`, ...extra })
    .returning();
  return row!;
}

async function buyer(companyId: number, companyRole: 'admin' | 'buyer' | 'requester' = 'buyer') {
  const user = await createUser(ctx.db, { role: 'bold_customer', email: `buyer${Math.random().toString(36).slice(2)}@dealer.test` });
  await ctx.db.update(users).set({ companyId, companyRole }).where(eq(users.id, user.id));
  return { user, client: await new TestClient(ctx.app).signInAs(user) };
}

async function rep() {
  const user = await createUser(ctx.db, { role: 'salesperson', email: `rep${Math.random().toString(36).slice(2)}@bold.test` });
  await ctx.db.update(users).set({ firstName: 'Jane', lastName: `Rep${user.id}` }).where(eq(users.id, user.id));
  return { user, name: `Jane Rep${user.id}`, client: await new TestClient(ctx.app).signInAs(user) };
}

let admin: TestClient;
beforeAll(async () => {
  admin = await new TestClient(ctx.app).signInAs(await createUser(ctx.db, { role: 'admin' }), 'admin');
});

async function assign(userId: number, companyId: number) {
  const response = await admin.request({ method: 'PUT', url: `/api/companies/${companyId}/reps/${userId}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { reps: { userId: number; name: string }[] };
}

async function contractPrice(companyId: number, price: string) {
  counter += 1;
  const [list] = await ctx.db.insert(priceLists).values({ code: `R${counter}`, name: `Contract R${counter}` }).returning();
  await ctx.db.insert(priceListEntries).values({ priceListId: list!.id, productId: SKU, minQuantity: 1, price });
  await ctx.db.insert(priceListAssignments).values({ priceListId: list!.id, companyId, priority: 10 });
}

type Cart = { id: number; isActive: boolean; name: string; items: { productId: number; quantity: number; product: { price: string | null } }[] };
async function activeCart(client: TestClient): Promise<Cart> {
  const response = await client.get('/api/carts');
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as Cart[]).find((c) => c.isActive)!;
}

describe('assignments', () => {
  it('an admin assigns and removes salespeople; only salespeople; each change is in the activity log', async () => {
    const c = await company();
    const { user, name } = await rep();
    const listed = await assign(user.id, c.id);
    expect(listed.reps).toEqual([expect.objectContaining({ userId: user.id, name })]);
    // Assigning twice changes nothing.
    expect((await assign(user.id, c.id)).reps).toHaveLength(1);

    const dealer = await createUser(ctx.db, { role: 'bold_customer' });
    const refused = await admin.request({ method: 'PUT', url: `/api/companies/${c.id}/reps/${dealer.id}` });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(REP_MESSAGES.notASalesperson);
    expect((await admin.request({ method: 'PUT', url: `/api/companies/999999/reps/${user.id}` })).statusCode).toBe(404);

    const removed = await admin.delete(`/api/companies/${c.id}/reps/${user.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().reps).toEqual([]);
    const rows = await ctx.db.select().from(activityLogs).where(and(eq(activityLogs.type, 'company_updated'), eq(activityLogs.targetUserId, user.id)));
    expect(rows.map((r) => (r.metadata as { action: string }).action).sort()).toEqual(['rep_assigned', 'rep_unassigned']);
  });

  it('a rep cannot manage assignments and sees only assigned companies', async () => {
    const [mine, other] = [await company(), await company()];
    const { user, client } = await rep();
    await assign(user.id, mine.id);
    expect((await client.request({ method: 'PUT', url: `/api/companies/${other.id}/reps/${user.id}` })).statusCode).toBe(403);
    const listed = await client.get('/api/acting/companies');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().companies.map((c: { id: number }) => c.id)).toEqual([mine.id]);
    const dealer = await buyer(mine.id);
    expect((await dealer.client.get('/api/acting/companies')).statusCode).toBe(403);
  });
});

describe('the assignments file', () => {
  const upload = (content: string) => {
    const body = multipartBody([{ filename: 'reps.csv', content, contentType: 'text/csv' }]);
    return admin.request({ method: 'POST', url: '/api/companies/reps/import/preview', payload: body.payload, headers: body.headers });
  };

  it('previews a CSV of username and account number, refuses a bad file whole, and assigns on confirm', async () => {
    const [a, b] = [await company(), await company()];
    const { user } = await rep();
    const dealer = await createUser(ctx.db, { role: 'bold_customer' });

    const refused = await upload(`username,accountNumber\n${user.username},${a.accountNumber}\n${dealer.username},${b.accountNumber}\nnobody,C-NOPE\n`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.map((e: { path: string }) => e.path)).toEqual(['rows.3.username', 'rows.4.username', 'rows.4.accountNumber']);
    expect(await ctx.db.select().from(repAssignments).where(eq(repAssignments.userId, user.id))).toEqual([]);

    const previewed = await upload(`Username,Account Number\n${user.username},${a.accountNumber!.toLowerCase()}\n${user.username},${b.accountNumber}\n`);
    expect(previewed.statusCode, previewed.body).toBe(200);
    const preview = previewed.json();
    expect(preview.counts).toEqual({ rows: 2, assigned: 2, alreadyAssigned: 0 });
    expect(await ctx.db.select().from(repAssignments).where(eq(repAssignments.userId, user.id))).toEqual([]);

    const confirmed = await admin.post(`/api/companies/reps/imports/${preview.uploadId}/confirm`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ assigned: 2, alreadyAssigned: 0 });
    const rows = await ctx.db.select().from(repAssignments).where(eq(repAssignments.userId, user.id));
    expect(rows.map((r) => r.companyId).sort()).toEqual([a.id, b.id].sort());
    expect((await admin.post(`/api/companies/reps/imports/${preview.uploadId}/confirm`)).statusCode).toBe(409);
  });
});

describe('ordering for a dealer', () => {
  it('a rep may act only for an assigned company; acting, they are its buyer, never its admin', async () => {
    const [mine, other] = [await company(), await company()];
    const { user, client } = await rep();
    await assign(user.id, mine.id);

    const refused = await client.post('/api/session/acting', { companyId: other.id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(REP_MESSAGES.notAssigned);

    const started = await client.post('/api/session/acting', { companyId: mine.id });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ id: user.id, role: 'salesperson', activeRole: 'bold_customer', companyId: mine.id, companyRole: 'buyer', actingFor: { companyId: mine.id, companyName: mine.name } });
    expect((await client.get('/api/user')).json()).toMatchObject({ id: user.id, companyId: mine.id, actingFor: { companyName: mine.name } });

    // Its buyers are the company admin's to manage; approvals too.
    expect((await client.get('/api/company')).json().buyers).toBeNull();
    const location = { kind: 'ship_to', name: 'Yard', contactName: 'Pat', phone: '714-555-0142', street: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' };
    const added = await client.post('/api/company/locations', location);
    expect(added.statusCode, added.body).toBe(403);
    expect((await client.get('/api/companies')).statusCode).toBe(403);

    const stopped = await client.delete('/api/session/acting');
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json()).toMatchObject({ activeRole: 'salesperson', companyId: null });
    expect(stopped.json().actingFor ?? null).toBeNull();
    const started2 = await ctx.db.select().from(activityLogs).where(and(eq(activityLogs.userId, user.id), sql`${activityLogs.type} in ('acting_started', 'acting_stopped')`));
    expect(started2.map((r) => r.type).sort()).toEqual(['acting_started', 'acting_stopped']);
  });

  it("the rep's POs for a dealer are apart from their own sample cart and from another dealer's", async () => {
    const [a, b] = [await company(), await company()];
    const { user, client } = await rep();
    await assign(user.id, a.id);
    await assign(user.id, b.id);
    const sample = await activeCart(client);
    await client.post(`/api/carts/${sample.id}/items`, { productId: SKU, quantity: 1 });

    await client.post('/api/session/acting', { companyId: a.id });
    const forA = await activeCart(client);
    expect(forA.id).not.toBe(sample.id);
    expect(forA.items).toEqual([]);
    // The sample cart cannot be reached while acting, nor A's PO while acting for B.
    expect((await client.post(`/api/carts/${sample.id}/items`, { productId: SKU, quantity: 1 })).statusCode).toBe(404);
    await client.post('/api/session/acting', { companyId: b.id });
    expect((await client.post(`/api/carts/${forA.id}/items`, { productId: SKU, quantity: 1 })).statusCode).toBe(404);
    expect((await activeCart(client)).id).not.toBe(forA.id);

    await client.delete('/api/session/acting');
    expect((await activeCart(client)).id).toBe(sample.id);
  });

  it("starts a dealer's PO from the rep's own sample order: the same tiles, one box each to fill in; nobody else's", async () => {
    const c = await company();
    const { user, client } = await rep();
    await assign(user.id, c.id);
    const [sample] = await ctx.db.insert(orders).values({ userId: user.id, username: user.username, kind: 'sample', status: 'submitted' }).returning();
    await ctx.db.insert(orderItems).values([
      { orderId: sample!.id, productId: SKU, productName: 'Plenty tile', quantity: 3 },
      { orderId: sample!.id, productId: CATALOGUE.cheap.id, productName: 'Cheap tile', quantity: 2 },
    ]);
    await client.post('/api/session/acting', { companyId: c.id });
    const started = await client.post(`/api/orders/${sample!.id}/reorder`, {});
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ created: true, cartName: `From sample order #${sample!.id}` });
    const po = (await (await client.get('/api/carts')).json() as Cart[]).find((cart) => cart.id === started.json().cartId)!;
    expect(po.items.map((i) => [i.productId, i.quantity]).sort()).toEqual([[SKU, 1], [CATALOGUE.cheap.id, 1]].sort());
    const [row] = await ctx.db.execute<{ company_id: number; user_id: number }>(sql`select company_id, user_id from carts where id = ${po.id}`).then((r) => r.rows);
    expect(row).toMatchObject({ company_id: c.id, user_id: user.id });

    // Another rep's sample order, or a dealer's buyer, gets nothing.
    const other = await rep();
    await assign(other.user.id, c.id);
    await other.client.post('/api/session/acting', { companyId: c.id });
    expect((await other.client.post(`/api/orders/${sample!.id}/reorder`, {})).statusCode).toBe(404);
    expect((await (await buyer(c.id)).client.post(`/api/orders/${sample!.id}/reorder`, {})).statusCode).toBe(404);
  });

  it("places a PO at the dealer's contract price with both names: order, history, email and activity", async () => {
    const c = await company();
    await contractPrice(c.id, '39.00');
    const { user, name, client } = await rep();
    await assign(user.id, c.id);
    const dealer = await buyer(c.id);

    await client.post('/api/session/acting', { companyId: c.id });
    const cart = await activeCart(client);
    expect((await client.post(`/api/carts/${cart.id}/items`, { productId: SKU, quantity: 40 })).statusCode).toBe(200);
    const filled = await activeCart(client);
    expect(filled.items[0]!.product.price).toBe('39.00');
    const placed = await client.post('/api/orders', {
      cartId: filled.id,
      items: filled.items.map((i) => ({ productId: i.productId, quantity: i.quantity, seenPrice: i.product.price })),
      seenTotal: '1560.00',
      deliveryType: 'pickup',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json();
    expect(order).toMatchObject({ userId: user.id, companyId: c.id, total: '1560.00', company: { id: c.id, name: c.name }, placedByRep: { userId: user.id, name }, dealerConfirmation: null });

    // The dealer's history shows it with both names; the rep's own history lists it once back as themselves.
    const seenByDealer = (await dealer.client.get('/api/orders')).json();
    expect(seenByDealer.orders).toEqual([expect.objectContaining({ id: order.id, placedByRep: { userId: user.id, name }, company: { id: c.id, name: c.name } })]);
    await client.delete('/api/session/acting');
    expect((await client.get('/api/orders')).json().orders.map((o: { id: number }) => o.id)).toContain(order.id);

    const [mail] = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.reference, `order:${order.id}`));
    expect(mail!.ccAddresses).toEqual(expect.arrayContaining([user.email, dealer.user.email]));
    expect(mail!.textBody).toContain(`Placed by ${name} (BOLD) for ${c.name}`);

    const [created] = await ctx.db.select().from(activityLogs).where(and(eq(activityLogs.type, 'order_created'), eq(activityLogs.userId, user.id)));
    expect(created!.metadata).toMatchObject({ orderId: order.id, actingFor: { companyId: c.id, companyName: c.name } });
    // The dealer's export names the company and the rep.
    const exported = await dealer.client.get('/api/orders/export?format=csv');
    expect(exported.statusCode, exported.body).toBe(200);
    const [header, ...rows] = exported.body.replace(/^\ufeff/, '').trim().split(/\r?\n/);
    expect(header).toMatch(/,Company,Placed By Rep$/);
    expect(rows[0]).toContain(`,${c.name},${name}`);
    const [stored] = await ctx.db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored).toMatchObject({ placedByRepId: user.id, companyName: c.name });
  });

  it('a company that confirms reps\' orders: awaiting until a buyer confirms or declines with a note; the rep is told', async () => {
    const c = await company({ repOrdersNeedConfirmation: true });
    const { user, client } = await rep();
    await assign(user.id, c.id);
    const dealer = await buyer(c.id);
    const requester = await buyer(c.id, 'requester');

    const place = async () => {
      await client.post('/api/session/acting', { companyId: c.id });
      const cart = await activeCart(client);
      await client.post(`/api/carts/${cart.id}/items`, { productId: SKU, quantity: 2 });
      const filled = await activeCart(client);
      const placed = await client.post('/api/orders', { cartId: filled.id, items: filled.items.map((i) => ({ productId: i.productId, quantity: i.quantity, seenPrice: i.product.price })), deliveryType: 'pickup' });
      expect(placed.statusCode, placed.body).toBe(201);
      return placed.json() as { id: number; dealerConfirmation: { status: string } | null };
    };
    const first = await place();
    expect(first.dealerConfirmation).toMatchObject({ status: 'awaiting' });

    const url = `/api/orders/${first.id}/dealer-confirmation`;
    // The rep cannot answer for the dealer, nor a requester; a decline needs a note.
    expect((await client.post(url, { decision: 'confirmed' })).statusCode).toBe(403);
    expect((await requester.client.post(url, { decision: 'confirmed' })).statusCode).toBe(403);
    const noNote = await dealer.client.post(url, { decision: 'declined' });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().message).toBe('Say why the order is declined.');

    const declined = await dealer.client.post(url, { decision: 'declined', note: 'Wrong lot for the job' });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().dealerConfirmation).toMatchObject({ status: 'declined', note: 'Wrong lot for the job' });
    expect((await dealer.client.post(url, { decision: 'confirmed' })).statusCode).toBe(409);
    // The rep sees the answer on the order and by email.
    expect((await client.get(`/api/orders/${first.id}`)).json().dealerConfirmation).toMatchObject({ status: 'declined', note: 'Wrong lot for the job' });
    const [told] = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.reference, `dealer-answer:${first.id}`));
    expect(told!.toAddresses).toEqual([user.email]);
    expect(told!.textBody).toContain('Wrong lot for the job');

    const second = await place();
    const confirmed = await dealer.client.post(`/api/orders/${second.id}/dealer-confirmation`, { decision: 'confirmed' });
    expect(confirmed.json().dealerConfirmation).toMatchObject({ status: 'confirmed' });
  });

  it('an admin acts for any company without an assignment', async () => {
    const c = await company();
    const a = await new TestClient(ctx.app).signInAs(await createUser(ctx.db, { role: 'admin' }), 'admin');
    const started = await a.post('/api/session/acting', { companyId: c.id });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ activeRole: 'bold_customer', companyId: c.id });
    // Acting as the dealer, the admin screens are closed until they stop.
    expect((await a.get('/api/companies')).statusCode).toBe(403);
    await a.delete('/api/session/acting');
    expect((await a.get('/api/companies')).statusCode).toBe(200);
  });
});

/**
 * Routes that answer a session whose acting company was taken away: the public ones, those for any
 * signed-in session (who am I, passwords), and the way out. Every other route must refuse it.
 */
const ANSWER_WHILE_ACTING_LOST = new Set([
  'GET /api/session',
  'GET /api/user',
  'POST /api/login',
  'POST /api/logout',
  'POST /api/register',
  'POST /api/password-reset',
  'POST /api/user/password',
  'DELETE /api/session/acting',
  'POST /api/session/acting',
  'GET /api/acting/companies',
  'GET /api/health',
  'GET /api/health/ready',
]);

describe('this rep, for this assigned company, on every route', () => {
  it('once the assignment is removed, every order, PO, price, export, PDF and company route answers 403', async () => {
    const c = await company();
    const { user, client } = await rep();
    await assign(user.id, c.id);
    expect((await client.post('/api/session/acting', { companyId: c.id })).statusCode).toBe(200);
    expect((await client.get('/api/carts')).statusCode).toBe(200);
    expect((await admin.delete(`/api/companies/${c.id}/reps/${user.id}`)).statusCode).toBe(200);

    const routes = (ctx.app as FastifyInstance & { apiRoutes: { method: string; url: string }[] }).apiRoutes;
    const guarded = routes.filter((r) => !ANSWER_WHILE_ACTING_LOST.has(`${r.method} ${r.url}`) && r.url !== '/api/openapi.json' && !r.url.startsWith('/api/docs'));
    expect(guarded.length).toBeGreaterThan(100);
    const answered: string[] = [];
    for (const route of guarded) {
      const url = route.url.replace(/:[A-Za-z]+/g, '1').replace(/\*$/, 'x');
      const write = !['GET', 'HEAD', 'OPTIONS'].includes(route.method);
      const response = await client.request({ method: route.method as 'GET', url, ...(write ? { json: {} } : {}) });
      const message = response.headers['content-type']?.toString().includes('json') ? (response.json() as { message?: string }).message : undefined;
      if (response.statusCode !== 403 || message !== REP_MESSAGES.actingLost) answered.push(`${route.method} ${route.url} → ${response.statusCode} ${message ?? ''}`);
    }
    // A new route is refused too unless it is added above on purpose.
    expect(answered).toEqual([]);

    // The way out still works, and the rep is themselves again.
    const stopped = await client.delete('/api/session/acting');
    expect(stopped.statusCode).toBe(200);
    expect((await client.get('/api/carts')).statusCode).toBe(200);
  });
});

describe('removing an assignment ends acting at once on every server', () => {
  let other: FastifyInstance;
  beforeAll(async () => {
    other = await buildApp({ db: ctx.db, config: ctx.config, sessionSecret: 'x'.repeat(48), logger: false });
    await other.ready();
    for (let i = 0; i < 400; i += 1) {
      const result = await ctx.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query = ${`LISTEN ${SESSION_CACHE_CHANNEL}`}`,
      );
      if (result.rows[0]?.n === 2) break;
      await sleep(10);
    }
  });
  afterAll(async () => other?.close());

  it('a session kept by another server is refused on its next request', async () => {
    const c = await company();
    const { user, client } = await rep();
    await assign(user.id, c.id);
    expect((await client.post('/api/session/acting', { companyId: c.id })).statusCode).toBe(200);
    const onOther = new TestClient(other);
    (onOther as unknown as { cookies: Map<string, string> }).cookies = (client as unknown as { cookies: Map<string, string> }).cookies;
    await sleep(100);
    // Both servers have read (and kept) the acting session.
    expect((await onOther.get('/api/carts')).statusCode).toBe(200);
    expect((await onOther.get('/api/carts')).statusCode).toBe(200);

    // Removed through the first server: the second refuses the very next request.
    expect((await admin.delete(`/api/companies/${c.id}/reps/${user.id}`)).statusCode).toBe(200);
    await other.sessionChangesHeard();
    const refused = await onOther.get('/api/carts');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(REP_MESSAGES.actingLost);
    expect((await onOther.get('/api/user')).json()).toMatchObject({ actingLost: true, actingFor: null });
  });

  it('removed by hand in SQL, the same', async () => {
    const c = await company();
    const { user, client } = await rep();
    await assign(user.id, c.id);
    await client.post('/api/session/acting', { companyId: c.id });
    const onOther = new TestClient(other);
    (onOther as unknown as { cookies: Map<string, string> }).cookies = (client as unknown as { cookies: Map<string, string> }).cookies;
    await sleep(100);
    expect((await onOther.get('/api/orders')).statusCode).toBe(200);
    await ctx.db.delete(repAssignments).where(eq(repAssignments.userId, user.id));
    await Promise.all([ctx.app.sessionChangesHeard(), other.sessionChangesHeard()]);
    expect((await onOther.get('/api/orders')).statusCode).toBe(403);
    expect((await client.get('/api/orders')).statusCode).toBe(403);
  });
});

import { parse as parseDisposition } from 'content-disposition';
import { ACTIVITY_MESSAGES } from '@common/contracts/activity';
import { queryInstantMessage } from '@common/contracts/query-params';
import { and, desc, eq, sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { buildApp } from '../../app';
import { activityLogs, sessions } from '../../db/schema';
import { pruneSessionsOnce } from '../../jobs/prune-sessions';
import { CLIENT_ACTIVITY_PER_MINUTE } from './routes';
import { ACTIVITY_COUNT_CAP, createActivityService } from './service';

const ctx = useTestApp();
const client = () => new TestClient(ctx.app);

async function admin() {
  const user = await createUser(ctx.db, { role: 'admin' });
  return client().signInAs(user, 'admin');
}

let counter = 0;
const token = (prefix: string) => `${prefix}${Date.now().toString(36)}${(counter += 1)}`;

async function logsQuery(c: TestClient, query: Record<string, string | number>) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  return c.get(`/api/admin/activity-logs?${qs}`);
}

/** Rows straight into the table: `n` of them, one minute apart, the newest first by id. */
async function insertRows(n: number, values: { type?: string; description: string; userId?: number | null; ageMinutes?: number }) {
  await ctx.db.execute(sql`
    insert into activity_logs (type, description, user_id, created_at)
    select ${values.type ?? 'report_viewed'}, ${values.description} || ' #' || g, ${values.userId ?? null}::int,
           now() - make_interval(mins => ${values.ageMinutes ?? 0}::int + ${n}::int - g)
    from generate_series(1, ${n}::int) g`);
}

describe('POST /api/activity (the browser’s page views, docs/product-decisions.md)', () => {
  it('records a page view with the page as url, the previous page as referrer and its duration', async () => {
    const user = await createUser(ctx.db);
    const c = await client().signInAs(user);
    const response = await c.post('/api/activity', { type: 'page_view', path: '/stock?search=white', previousPath: '/dashboard', duration: 4200 });
    expect(response.statusCode).toBe(200);
    const [row] = await ctx.db.select().from(activityLogs).where(and(eq(activityLogs.userId, user.id), eq(activityLogs.type, 'page_view')));
    expect(row).toMatchObject({
      description: `${user.username} viewed /stock?search=white`,
      url: '/stock?search=white',
      referrer: '/dashboard',
      duration: 4200,
      metadata: { previousPath: '/dashboard' },
    });
    expect(row!.sessionId).toEqual(expect.any(String));
    expect(row!.userAgent).toBe('lightMyRequest');
  });

  it.each([
    [{ type: 'login', path: '/x' }, 'This activity type cannot be reported by the browser'],
    [{ type: 'order_created', path: '/x' }, 'This activity type cannot be reported by the browser'],
    [{ type: 'page_view', path: 'https://evil.example/' }, 'Path must start with /'],
    [{ type: 'page_view', path: '//evil.example/' }, 'Path must start with /'],
    [{ type: 'page_view', path: '/x', duration: -1 }, undefined],
    [{ type: 'page_view', path: '/x', duration: 1.5 }, undefined],
    [{ type: 'page_view', path: `/${'x'.repeat(2000)}` }, undefined],
    [{ type: 'page_view', path: '/x', description: 'y'.repeat(501) }, undefined],
    // Nothing in the portal records these (docs/decisions/0135), so the browser may not either.
    [{ type: 'button_click', path: '/x' }, 'This activity type cannot be reported by the browser'],
    [{ type: 'report_viewed', path: '/x' }, 'This activity type cannot be reported by the browser'],
    [{ type: 'stock_searched', path: '/stock' }, ACTIVITY_MESSAGES.searchQueryRequired],
    [{ type: 'stock_searched', path: '/stock', metadata: { query: 'ab' } }, ACTIVITY_MESSAGES.searchQueryRequired],
    [{ type: 'filter_applied', path: '/stock', metadata: {} }, ACTIVITY_MESSAGES.filtersRequired],
  ])('refuses %j and records nothing', async (body, message) => {
    const user = await createUser(ctx.db);
    const c = await client().signInAs(user);
    const response = await c.post('/api/activity', body);
    expect(response.statusCode).toBe(400);
    if (message) expect(response.json().message).toBe(message);
    expect(await ctx.db.select().from(activityLogs).where(and(eq(activityLogs.userId, user.id), sql`${activityLogs.type} not in ('login', 'session_start')`))).toEqual([]);
  });

  it('writes the description itself: a client-chosen one is refused (security review)', async () => {
    const user = await createUser(ctx.db);
    const c = await client().signInAs(user);
    const response = await c.post('/api/activity', { type: 'page_view', path: '/dashboard', description: 'boss logged in' });
    expect(response.statusCode).toBe(400);
    expect(await ctx.db.select().from(activityLogs).where(and(eq(activityLogs.userId, user.id), eq(activityLogs.type, 'page_view')))).toEqual([]);
    expect((await c.post('/api/activity', { type: 'page_view', path: '/dashboard' })).statusCode).toBe(200);
    const [row] = await ctx.db.select().from(activityLogs).where(and(eq(activityLogs.userId, user.id), eq(activityLogs.type, 'page_view')));
    expect(row?.description).toBe(`${user.username} viewed /dashboard`);
  });

  it('caps the size: a 15 KB report is refused and nothing is written', async () => {
    const user = await createUser(ctx.db);
    const c = await client().signInAs(user);
    const metadata = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`, 'v'.repeat(700)]));
    const big = await c.post('/api/activity', { type: 'page_view', path: '/x', metadata });
    expect(big.statusCode).toBe(413);
    const many = await c.post('/api/activity', { type: 'page_view', path: '/x', metadata: Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`k${i}`, 1])) });
    expect(many.statusCode).toBe(400);
    const long = await c.post('/api/activity', { type: 'page_view', path: '/x', metadata: { note: 'v'.repeat(201) } });
    expect(long.statusCode).toBe(400);
    expect(await ctx.db.select().from(activityLogs).where(and(eq(activityLogs.userId, user.id), eq(activityLogs.type, 'page_view')))).toEqual([]);
  });

  it(`limits an account to ${CLIENT_ACTIVITY_PER_MINUTE} reports a minute, across two sign-ins`, async () => {
    const user = await createUser(ctx.db);
    // Half the minute's reports in one session, the rest and more in a second sign-in of the same
    // account on a second app server (another app on the same database).
    const otherServer = await buildApp({ db: ctx.db, config: ctx.config, sessionSecret: 'x'.repeat(48), logger: false });
    onTestFinished(() => otherServer.close());
    const first = await client().signInAs(user);
    const second = await new TestClient(otherServer).signInAs(user);
    const statuses: number[] = [];
    for (let i = 0; i < CLIENT_ACTIVITY_PER_MINUTE + 5; i += 1) {
      const c = i < CLIENT_ACTIVITY_PER_MINUTE / 2 ? first : second;
      statuses.push((await c.post('/api/activity', { type: 'page_view', path: `/p${i}` })).statusCode);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(CLIENT_ACTIVITY_PER_MINUTE);
    expect(statuses.slice(CLIENT_ACTIVITY_PER_MINUTE)).toEqual([429, 429, 429, 429, 429]);
    const refused = await first.post('/api/activity', { type: 'page_view', path: '/again' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(`Too many activity reports; at most ${CLIENT_ACTIVITY_PER_MINUTE} a minute`);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const [{ n } = { n: 0 }] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(activityLogs)
      .where(and(eq(activityLogs.userId, user.id), eq(activityLogs.type, 'page_view')));
    expect(n).toBe(CLIENT_ACTIVITY_PER_MINUTE);
    // Another session of another user is not held back.
    const other = await client().signInAs(await createUser(ctx.db));
    expect((await other.post('/api/activity', { type: 'page_view', path: '/x' })).statusCode).toBe(200);
  });

  it('needs a signed-in user past the temporary-password step', async () => {
    expect((await client().post('/api/activity', { type: 'page_view', path: '/' })).statusCode).toBe(401);
    const temp = await createUser(ctx.db, { isTemporaryPassword: true });
    const c = client();
    await c.login(temp.username, temp.password);
    expect((await c.post('/api/activity', { type: 'page_view', path: '/' })).statusCode).toBe(403);
  });
});

describe('GET /api/admin/activity-logs', () => {
  it('is for admins only', async () => {
    expect((await client().get('/api/admin/activity-logs')).statusCode).toBe(401);
    const sales = await createUser(ctx.db);
    expect((await (await client().signInAs(sales)).get('/api/admin/activity-logs')).statusCode).toBe(403);
    const other = await createUser(ctx.db, { role: 'admin' });
    expect((await (await client().signInAs(other, 'salesperson')).get('/api/admin/activity-logs')).statusCode).toBe(403);
  });

  it('pages 20 at a time, newest first, with the total and whether more follow', async () => {
    const c = await admin();
    const tag = token('paging');
    await insertRows(45, { description: tag });
    const first = (await logsQuery(c, { search: tag })).json();
    expect(first).toMatchObject({ page: 1, pageSize: 20, total: 45, totalIsCapped: false, hasMore: true });
    expect(first.logs).toHaveLength(20);
    expect(first.logs[0].description).toBe(`${tag} #45`);
    expect(first.logs[19].description).toBe(`${tag} #26`);
    const last = (await logsQuery(c, { search: tag, page: 3 })).json();
    expect(last).toMatchObject({ page: 3, total: 45, hasMore: false });
    expect(last.logs.map((l: { description: string }) => l.description)).toEqual([`${tag} #5`, `${tag} #4`, `${tag} #3`, `${tag} #2`, `${tag} #1`]);
    const beyond = (await logsQuery(c, { search: tag, page: 9 })).json();
    expect(beyond).toMatchObject({ logs: [], total: 45, hasMore: false });
  });

  it(`counts up to ${ACTIVITY_COUNT_CAP.toLocaleString('en-US')} and says when there are more`, async () => {
    const c = await admin();
    const tag = token('many');
    await insertRows(ACTIVITY_COUNT_CAP + 5, { description: tag });
    const page = (await logsQuery(c, { search: tag })).json();
    expect(page).toMatchObject({ total: ACTIVITY_COUNT_CAP, totalIsCapped: true, hasMore: true });
  });

  it('finds a login by username, by description and by user id, with the usernames resolved', async () => {
    const c = await admin();
    const user = await createUser(ctx.db, { username: token('findme') });
    await client().login(user.username, user.password);
    const part = user.username.slice(2, 9);
    const byName = (await logsQuery(c, { search: part, type: 'login' })).json();
    expect(byName.logs).toEqual([
      expect.objectContaining({ type: 'login', userId: user.id, username: user.username, description: `${user.username} logged in`, ipAddress: '127.0.0.1' }),
    ]);
    expect(byName.logs[0]).not.toHaveProperty('sessionId');
    expect(byName.logs[0].sessionRef).toMatch(/^[0-9a-f]{10}$/);
    const byUser = (await logsQuery(c, { userId: user.id })).json();
    expect(byUser.logs.map((l: { type: string }) => l.type)).toEqual(['login', 'session_start']);
  });

  it('matches search text literally (% and _ are not wildcards) and case-insensitively', async () => {
    const c = await admin();
    const tag = token('lit');
    await insertRows(1, { description: `${tag} 100% done` });
    await insertRows(1, { description: `${tag} 100 done` });
    const percent = (await logsQuery(c, { search: `${tag} 100%` })).json();
    expect(percent.logs.map((l: { description: string }) => l.description)).toEqual([`${tag} 100% done #1`]);
    expect((await logsQuery(c, { search: tag.toUpperCase() })).json().total).toBe(2);
  });

  it('filters by type and by time range', async () => {
    const c = await admin();
    const tag = token('range');
    await insertRows(3, { description: `${tag} old`, type: 'cart_updated', ageMinutes: 60 * 24 * 10 });
    await insertRows(2, { description: `${tag} new`, type: 'cart_cleared' });
    expect((await logsQuery(c, { search: tag, type: 'cart_updated' })).json().total).toBe(3);
    const from = new Date(Date.now() - 60 * 60 * 1000).toISOString();
    const recent = (await logsQuery(c, { search: tag, from })).json();
    expect(recent.total).toBe(2);
    expect(recent.logs.every((l: { type: string }) => l.type === 'cart_cleared')).toBe(true);
    const to = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString();
    expect((await logsQuery(c, { search: tag, to })).json().total).toBe(3);
  });

  it.each([
    [{ search: 'ab' }, ACTIVITY_MESSAGES.searchTooShort],
    [{ type: 'sneezed' }, ACTIVITY_MESSAGES.badType],
    [{ from: '2025-02-01T00:00:00Z', to: '2025-01-01T00:00:00Z' }, ACTIVITY_MESSAGES.badRange],
    [{ from: 'yesterday' }, queryInstantMessage('from')],
    [{ page: 0 }, 'Invalid page'],
  ])('refuses %j with "%s"', async (query, message) => {
    const c = await admin();
    const response = await logsQuery(c, query);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('treats empty parameters as no filter', async () => {
    const c = await admin();
    const response = await c.get('/api/admin/activity-logs?search=&type=&userId=&from=&to=&page=');
    expect(response.statusCode).toBe(200);
    expect(response.json().page).toBe(1);
  });

  it('keeps showing a deleted user’s name on their activity', async () => {
    const c = await admin();
    const user = await createUser(ctx.db);
    await client().login(user.username, user.password);
    await c.delete(`/api/users/${user.id}`);
    const page = (await logsQuery(c, { userId: user.id, type: 'login' })).json();
    expect(page.logs[0]).toMatchObject({ username: user.username });
  });
});

describe('GET /api/admin/activity-logs/export', () => {
  async function exportCsv(c: TestClient, query: Record<string, string>) {
    const response = await c.get(`/api/admin/activity-logs/export?${new URLSearchParams(query)}`);
    return { response, rows: response.statusCode === 200 ? (parse(response.body, { bom: true }) as string[][]) : [] };
  }

  it('streams the filtered rows newest first as CSV and records export_generated', async () => {
    const adminUser = await createUser(ctx.db, { role: 'admin' });
    const c = await client().signInAs(adminUser, 'admin');
    const tag = token('export');
    await insertRows(3, { description: tag, type: 'filter_applied' });
    await insertRows(2, { description: tag, type: 'tab_switched' });
    const { response, rows } = await exportCsv(c, { search: tag, type: 'filter_applied' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(parseDisposition(String(response.headers['content-disposition'])).parameters.filename).toMatch(/^activity-logs-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(rows[0]!.slice(0, 6)).toEqual(['ID', 'Type', 'Description', 'Username', 'IP Address', 'Date & Time']);
    expect(rows.slice(1).map((r) => r[2])).toEqual([`${tag} #3`, `${tag} #2`, `${tag} #1`]);

    const [logged] = await ctx.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.type, 'export_generated'), eq(activityLogs.userId, adminUser.id)))
      .orderBy(desc(activityLogs.id));
    expect(logged?.metadata).toMatchObject({ rows: 3, complete: true, filters: { search: tag, type: 'filter_applied' } });
  });

  it('neutralises spreadsheet formulas in every text cell', async () => {
    const user = await createUser(ctx.db);
    const c = await client().signInAs(user);
    const tag = token('formula');
    // Descriptions are the server's own now, but they quote names users chose (files, carts).
    await insertRows(1, { description: `=HYPERLINK("http://evil.example","${tag}")` });
    await insertRows(1, { description: `+${tag}` });
    await c.request({ method: 'POST', url: '/api/activity', json: { type: 'page_view', path: `/${tag}` }, headers: { 'user-agent': '@SUM(1+1)' } });
    const { rows } = await exportCsv(await admin(), { search: tag });
    const cells = rows.slice(1).flat();
    expect(cells).toContain(`'=HYPERLINK("http://evil.example","${tag}") #1`);
    expect(cells).toContain(`'+${tag} #1`);
    expect(cells).toContain("'@SUM(1+1)");
    expect(cells.some((cell) => /^[=+\-@]/.test(cell))).toBe(false);
  });

  it('is for admins only and checks its filters', async () => {
    const sales = await createUser(ctx.db);
    expect((await (await client().signInAs(sales)).get('/api/admin/activity-logs/export')).statusCode).toBe(403);
    const { response } = await exportCsv(await admin(), { search: 'x' });
    expect(response.statusCode).toBe(400);
  });
});

describe('session timeouts (session_timeout)', () => {
  it('records one for each expired signed-in session when sessions are pruned', async () => {
    const user = await createUser(ctx.db);
    await ctx.db.insert(sessions).values([
      { sid: token('expired'), sess: {}, expire: new Date(Date.now() - 1000), userId: user.id },
      { sid: token('anon'), sess: {}, expire: new Date(Date.now() - 1000), userId: null },
      { sid: token('live'), sess: {}, expire: new Date(Date.now() + 60_000), userId: user.id },
    ]);
    await pruneSessionsOnce(ctx.db, createActivityService(ctx.db));
    const timeouts = await ctx.db.select().from(activityLogs).where(and(eq(activityLogs.type, 'session_timeout'), eq(activityLogs.userId, user.id)));
    expect(timeouts).toHaveLength(1);
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
  });
});

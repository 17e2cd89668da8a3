import { ACTIVITY_MESSAGES } from '@common/contracts/activity';
import { ACTIVITY_TYPES, RECORDED_ACTIVITY_TYPES, UNOBSERVED_ACTIVITY_TYPES } from '@common/domain/activity-types';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { activityLogs } from '../../db/schema';

/**
 * The spec's activity types that nothing recorded before docs/decisions/0135: each event writes
 * exactly one row, and repeating it (a search typed again, a report refreshed) adds none.
 */
const ctx = useTestApp();
const client = () => new TestClient(ctx.app);

async function rowsOf(userId: number, type: string) {
  return ctx.db
    .select()
    .from(activityLogs)
    .where(and(eq(activityLogs.userId, userId), eq(activityLogs.type, type)))
    .orderBy(activityLogs.id);
}

describe('session_start', () => {
  it('is written once per sign-in, in the new session, and again for the next sign-in', async () => {
    const user = await createUser(ctx.db);
    const first = client();
    await first.login(user.username, user.password, true);
    await first.get('/api/user');
    const [row, ...more] = await rowsOf(user.id, 'session_start');
    expect(more).toEqual([]);
    expect(row).toMatchObject({ description: `${user.username} started a session (remember me)`, metadata: { rememberMe: true }, ipAddress: '127.0.0.1' });
    const [login] = await rowsOf(user.id, 'login');
    expect(row!.sessionId).toBe(login!.sessionId);

    await client().login(user.username, user.password);
    const both = await rowsOf(user.id, 'session_start');
    expect(both).toHaveLength(2);
    expect(both[1]!.sessionId).not.toBe(both[0]!.sessionId);
  });

  it('is not written for a failed sign-in', async () => {
    const user = await createUser(ctx.db);
    expect((await client().post('/api/login', { username: user.username, password: 'Wrong-password1' })).statusCode).toBe(401);
    expect(await rowsOf(user.id, 'session_start')).toEqual([]);
  });
});

describe('stock_searched (a settled search the browser reports)', () => {
  it('writes one row per session and query, however often the same search settles again', async () => {
    const user = await createUser(ctx.db);
    const c = await client().signInAs(user);
    const search = (query: string) => c.post('/api/activity', { type: 'stock_searched', path: '/stock', metadata: { query } });
    expect((await search('White Marble')).statusCode).toBe(200);
    expect((await search('white marble ')).statusCode).toBe(200);
    expect((await search('WHITE   MARBLE')).statusCode).toBe(200);
    const rows = await rowsOf(user.id, 'stock_searched');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ description: `${user.username} searched /stock for "White Marble"`, url: '/stock', metadata: { query: 'white marble' } });

    // Another query is another row; the same query in another session is too.
    await search('slate');
    expect(await rowsOf(user.id, 'stock_searched')).toHaveLength(2);
    const other = await client().signInAs(user);
    await other.post('/api/activity', { type: 'stock_searched', path: '/stock', metadata: { query: 'white marble' } });
    expect(await rowsOf(user.id, 'stock_searched')).toHaveLength(3);
  });

  it('writes a new row for the same query once the repeat window has passed', async () => {
    const user = await createUser(ctx.db);
    const c = await client().signInAs(user);
    const search = () => c.post('/api/activity', { type: 'stock_searched', path: '/stock', metadata: { query: 'porcelain' } });
    await search();
    await ctx.db.execute(sql`update activity_logs set created_at = now() - interval '11 minutes' where user_id = ${user.id} and type = 'stock_searched'`);
    await search();
    expect(await rowsOf(user.id, 'stock_searched')).toHaveLength(2);
  });

  it('keeps concurrent repeats to one row', async () => {
    const user = await createUser(ctx.db);
    const c = await client().signInAs(user);
    await Promise.all(Array.from({ length: 5 }, () => c.post('/api/activity', { type: 'stock_searched', path: '/stock', metadata: { query: 'hexagon' } })));
    expect(await rowsOf(user.id, 'stock_searched')).toHaveLength(1);
  });

  it('refuses a search without a query of at least 3 characters, writing nothing', async () => {
    const user = await createUser(ctx.db);
    const c = await client().signInAs(user);
    const response = await c.post('/api/activity', { type: 'stock_searched', path: '/stock', metadata: { query: ' ab ' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(ACTIVITY_MESSAGES.searchQueryRequired);
    expect(await rowsOf(user.id, 'stock_searched')).toEqual([]);
  });
});

describe('filter_applied (stock filters the browser applied)', () => {
  it('writes one row per session, page and set of filters', async () => {
    const user = await createUser(ctx.db);
    const c = await client().signInAs(user);
    const apply = (path: string, metadata: Record<string, string>) => c.post('/api/activity', { type: 'filter_applied', path, metadata });
    expect((await apply('/stock', { status: 'in_stock', line: 'Aria' })).statusCode).toBe(200);
    await apply('/stock', { line: 'Aria', status: 'in_stock' });
    const rows = await rowsOf(user.id, 'filter_applied');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      description: `${user.username} filtered /stock by line: Aria, status: in_stock`,
      metadata: { filters: { line: 'Aria', status: 'in_stock' }, page: '/stock', applied: 'line: Aria, status: in_stock' },
    });
    await apply('/stock', { status: 'in_stock' });
    await apply('/prices', { status: 'in_stock' });
    expect(await rowsOf(user.id, 'filter_applied')).toHaveLength(3);
  });
});

describe('report_viewed', () => {
  it('is written once when an admin opens the activity log, not again for each page or filter', async () => {
    const adminUser = await createUser(ctx.db, { role: 'admin' });
    const c = await client().signInAs(adminUser, 'admin');
    const first = await c.get('/api/admin/activity-logs');
    expect(first.statusCode).toBe(200);
    // Written after the read: the page shown is the log as it was when opened.
    expect(first.json().logs.some((l: { type: string; userId: number }) => l.type === 'report_viewed' && l.userId === adminUser.id)).toBe(false);
    await c.get('/api/admin/activity-logs?page=2');
    await c.get('/api/admin/activity-logs?type=login');
    const rows = await rowsOf(adminUser.id, 'report_viewed');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ description: `${adminUser.username} viewed the activity log`, metadata: { report: 'activity_log' } });
  });

  it('is not written when a non-admin is refused the activity log', async () => {
    const sales = await createUser(ctx.db);
    expect((await (await client().signInAs(sales)).get('/api/admin/activity-logs')).statusCode).toBe(403);
    expect(await rowsOf(sales.id, 'report_viewed')).toEqual([]);
  });

  it('is written once when someone opens the price list, also when the browser shows its cached copy', async () => {
    const sales = await createUser(ctx.db, { role: 'salesperson' });
    const c = await client().signInAs(sales);
    const pdf = await c.get('/api/price-list.pdf');
    expect(pdf.statusCode).toBe(200);
    const again = await c.request({ method: 'GET', url: '/api/price-list.pdf', headers: { 'if-none-match': String(pdf.headers.etag) } });
    expect(again.statusCode).toBe(304);
    const rows = await rowsOf(sales.id, 'report_viewed');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ description: `${sales.username} viewed the price list`, metadata: { report: 'price_list' } });
  });
});

describe('the types nothing can observe (docs/decisions/0135)', () => {
  it('are left out of the type filter, which offers every other type', () => {
    expect(RECORDED_ACTIVITY_TYPES).not.toContain('button_click');
    expect([...RECORDED_ACTIVITY_TYPES, ...UNOBSERVED_ACTIVITY_TYPES].sort()).toEqual([...ACTIVITY_TYPES].sort());
  });

  it('cannot be reported by the browser', async () => {
    const user = await createUser(ctx.db);
    const c = await client().signInAs(user);
    for (const type of UNOBSERVED_ACTIVITY_TYPES) {
      expect((await c.post('/api/activity', { type, path: '/dashboard' })).statusCode).toBe(400);
    }
    expect(await ctx.db.select().from(activityLogs).where(and(eq(activityLogs.userId, user.id), sql`${activityLogs.type} in ${UNOBSERVED_ACTIVITY_TYPES}`))).toEqual([]);
  });
});

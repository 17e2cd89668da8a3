import { USER_MESSAGES } from '@common/contracts/users';
import { STOCK_UPLOAD_MESSAGES } from '@common/domain/stock-uploads';
import { USER_IMPORT_WARNINGS } from '@common/domain/user-import';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { bearer, createToken } from '../../../../test/integrations';
import { activityLogs, emailOutbox, stockUploads, users } from '../../db/schema';
import { verifyPassword } from '../../lib/password-hash';

/*
 * The users file through the imports module (docs/decisions/0225): the screen's preview creates
 * nobody, Confirm creates the accounts once, Cancel drops the preview, and every file is in the
 * one upload history. POST /api/users/import (applied at once) is tested in users-import.test.ts.
 */
const ctx = useTestApp();

function multipart(filename: string, content: string) {
  const boundary = `----portal${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), Buffer.from(content), Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const preview = (c: TestClient, content: string, headers: Record<string, string> = {}) => {
  const body = multipart('staff.csv', content);
  return c.request({ method: 'POST', url: '/api/users/import/preview', payload: body.payload, headers: { ...body.headers, ...headers } });
};

async function admin() {
  const user = await createUser(ctx.db, { role: 'admin' });
  return { user, client: await new TestClient(ctx.app).signInAs(user, 'admin') };
}

let counter = 0;
const name = (prefix: string) => `${prefix}${Date.now().toString(36)}${(counter += 1)}`;

async function liveUsersNamed(names: string[]) {
  return ctx.db
    .select()
    .from(users)
    .where(and(inArray(sql`lower(${users.username})`, names.map((n) => n.toLowerCase())), isNull(users.deletedAt)));
}
const keptRow = async (id: number) => (await ctx.db.select().from(stockUploads).where(eq(stockUploads.id, id)))[0]!;
const createdLogs = async (ids: number[]) =>
  ids.length === 0 ? [] : ctx.db.select().from(activityLogs).where(and(eq(activityLogs.type, 'user_created'), inArray(activityLogs.targetUserId, ids)));
const mailTo = (address: string) => ctx.db.select().from(emailOutbox).where(sql`${address} = any(${emailOutbox.toAddresses})`);

describe('the users file previewed, then confirmed once', () => {
  it('the preview creates nobody and keeps no password; Confirm creates every account once; a second Confirm is a 409', async () => {
    const { user: me, client: c } = await admin();
    const [a, b] = [name('pva'), name('pvb')];
    const csv = ['username,password,role,firstName,email,E-mail Address', `${a},Tilework7,,Ann,ann.${a}@example.com,x`, `${b},Tilework8,admin,Bob,,`].join('\n');
    const response = await preview(c, csv);
    expect(response.statusCode, response.body).toBe(200);
    const shown = response.json();
    expect(shown).toMatchObject({
      filename: 'staff.csv',
      counts: { rows: 2, created: 2, skippedExamples: 0, warnings: 3 },
      created: [
        { row: 2, username: a, role: 'salesperson', firstName: 'Ann', email: `ann.${a}@example.com` },
        { row: 3, username: b, role: 'admin', firstName: 'Bob', email: null },
      ],
      warnings: [
        { row: 1, field: null, message: USER_IMPORT_WARNINGS.ignoredColumn('E-mail Address') },
        { row: 3, field: 'role', message: USER_IMPORT_WARNINGS.admin },
        { row: 3, field: 'email', message: USER_IMPORT_WARNINGS.noEmail },
      ],
    });
    expect(JSON.stringify(shown)).not.toContain('Tilework');

    // Nothing written but the kept preview, which holds hashes, never a password.
    expect(await liveUsersNamed([a, b])).toEqual([]);
    expect(await mailTo(`ann.${a}@example.com`)).toEqual([]);
    const kept = await keptRow(shown.uploadId);
    expect(kept).toMatchObject({ kind: 'users', status: 'previewed', userId: me.id });
    expect(kept.data.toString()).not.toContain('Tilework');
    expect(kept.data.toString()).toContain('passwordHash');

    const confirmed = await c.post(`/api/users/imports/${shown.uploadId}/confirm`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ created: 2, skippedExamples: 0, users: [{ row: 2, username: a }, { row: 3, username: b, role: 'admin' }] });
    const rows = await liveUsersNamed([a, b]);
    expect(rows).toHaveLength(2);
    const ann = rows.find((r) => r.username === a)!;
    expect(ann).toMatchObject({ isTemporaryPassword: true, firstName: 'Ann', role: 'salesperson' });
    expect(await verifyPassword('Tilework7', ann.passwordHash)).toBe(true);
    expect(await createdLogs(rows.map((r) => r.id))).toHaveLength(2);
    expect(await mailTo(`ann.${a}@example.com`)).toHaveLength(1);

    const again = await c.post(`/api/users/imports/${shown.uploadId}/confirm`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(STOCK_UPLOAD_MESSAGES.alreadyDecided);
    expect(await liveUsersNamed([a, b]), 'created once').toHaveLength(2);

    // In the one upload history, applied; its file kept without the hashes.
    const history = await c.get('/api/stock/uploads?kind=users');
    expect(history.json().uploads[0]).toMatchObject({ id: shown.uploadId, kind: 'users', status: 'applied', counts: { rows: 2, created: 2, warnings: 3 } });
    const file = await c.get(`/api/stock/uploads/${shown.uploadId}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.body.split('\n')[0]).toBe('row,username,role,firstName,lastName,email,phone,company,storeName,storeAddress');
    expect(file.body).toContain(a);
    expect(file.body).not.toContain('scrypt');
  });

  it('Cancel creates nobody and the preview can no longer be confirmed; only its maker confirms', async () => {
    const { client: c } = await admin();
    const u = name('cnl');
    const shown = (await preview(c, `username,password\n${u},Tilework7\n`)).json();
    const other = (await admin()).client;
    const foreign = await other.post(`/api/users/imports/${shown.uploadId}/confirm`);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe(STOCK_UPLOAD_MESSAGES.notYours);

    const cancelled = await c.post(`/api/users/imports/${shown.uploadId}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toEqual({ id: shown.uploadId, status: 'cancelled' });
    expect((await c.post(`/api/users/imports/${shown.uploadId}/confirm`)).statusCode).toBe(409);
    expect((await c.post(`/api/users/imports/${shown.uploadId}/cancel`)).statusCode).toBe(409);
    expect(await liveUsersNamed([u])).toEqual([]);
    const kept = await keptRow(shown.uploadId);
    expect(kept.status).toBe('cancelled');
    expect(kept.data.toString()).not.toContain('scrypt');
    // Another kind's confirm does not take it.
    expect((await c.post(`/api/admin/merchandise/uploads/${shown.uploadId}/confirm`)).statusCode).toBe(409);
  });

  it('a name taken between the preview and Confirm: 409, nobody created, the preview stays previewed', async () => {
    const { client: c } = await admin();
    const [u, late] = [name('ok'), name('late')];
    const shown = (await preview(c, `username,password\n${u},Tilework7\n${late},Tilework8\n`)).json();
    await createUser(ctx.db, { username: late });
    const confirmed = await c.post(`/api/users/imports/${shown.uploadId}/confirm`);
    expect(confirmed.statusCode).toBe(409);
    expect(confirmed.json().message).toBe(USER_MESSAGES.usernameTaken);
    expect(await liveUsersNamed([u])).toEqual([]);
    expect((await keptRow(shown.uploadId)).status).toBe('previewed');
  });
});

describe('a users file with problems', () => {
  it('is refused at the preview with every row and the spec’s messages, and kept rejected in the history without its bytes', async () => {
    const { client: c } = await admin();
    const existing = await createUser(ctx.db);
    const good = name('good');
    const csv = ['username,password,role,email', `${good},Tilework7,,`, `${name('bad')},Tilework7,,not-an-email`, ',Tilework7,,', `${name('short')},Ab1,,`, `${existing.username},Tilework7,,`].join('\n');
    const response = await preview(c, csv);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'No users were imported: 4 problems found',
      errors: [
        { path: 'rows.3.email', message: USER_MESSAGES.invalidEmail },
        { path: 'rows.4.username', message: USER_MESSAGES.usernameRequired },
        { path: 'rows.5.password', message: 'Password must be at least 6 characters' },
        { path: 'rows.6.username', message: USER_MESSAGES.usernameTaken },
      ],
    });
    expect(await liveUsersNamed([good])).toEqual([]);
    const [rejected] = (await c.get('/api/stock/uploads?kind=users')).json().uploads;
    expect(rejected).toMatchObject({
      kind: 'users',
      status: 'rejected',
      filename: 'staff.csv',
      size: 0,
      problemCount: 4,
      problems: [
        { row: 3, message: 'Invalid email (email)' },
        { row: 4, message: 'Username is required (username)' },
        { row: 5, message: 'Password must be at least 6 characters (password)' },
        { row: 6, message: 'Username already exists (username)' },
      ],
    });
  });
});

describe('progress and the direct call', () => {
  it('the preview streams progress while the passwords are hashed, then the preview; the direct call is in the history as applied', async () => {
    const { client: c } = await admin();
    const names = Array.from({ length: 30 }, () => name('lines'));
    const response = await preview(c, ['username,password', ...names.map((n) => `${n},Tilework7`)].join('\n'), { accept: 'application/x-ndjson' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('application/x-ndjson');
    const events = response.body.trim().split('\n').map((line) => JSON.parse(line));
    expect(events[0]).toEqual({ type: 'progress', done: 0, total: 30 });
    expect(events.at(-2)).toEqual({ type: 'progress', done: 30, total: 30 });
    expect(events.at(-1)).toMatchObject({ type: 'preview', preview: { counts: { created: 30 } } });
    expect(await liveUsersNamed(names)).toEqual([]);

    const direct = name('direct');
    const body = multipart('erp.csv', `username,password\n${direct},Tilework7\n`);
    const applied = await c.request({ method: 'POST', url: '/api/users/import', payload: body.payload, headers: body.headers });
    expect(applied.statusCode, applied.body).toBe(200);
    const [entry] = (await c.get('/api/stock/uploads')).json().uploads;
    expect(entry).toMatchObject({ kind: 'users', filename: 'erp.csv', status: 'applied', counts: { created: 1 } });
  });

  it('an API token with the stock scope is not shown users files', async () => {
    const { client: c } = await admin();
    const shown = (await preview(c, `username,password\n${name('tok')},Tilework7\n`)).json();
    const { token } = await createToken(c, ['stock:write']);
    const listed = await bearer(ctx.app, token, { method: 'GET', url: '/api/stock/uploads' });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().uploads.map((u: { kind: string }) => u.kind)).not.toContain('users');
    expect((await bearer(ctx.app, token, { method: 'GET', url: `/api/stock/uploads/${shown.uploadId}/file` })).statusCode).toBe(404);
  });
});

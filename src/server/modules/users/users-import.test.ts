import { USER_MESSAGES } from '@common/contracts/users';
import { PASSWORD_MESSAGES } from '@common/domain/password-rules';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { activityLogs, emailOutbox, users } from '../../db/schema';
import { verifyPassword } from '../../lib/password-hash';
import { IMPORT_FILE_MESSAGES } from './import-file';

const ctx = useTestApp();

/** A multipart body with one file field named "file", as the browser's FormData sends it. */
function multipart(filename: string, content: Buffer | string, type = 'application/octet-stream') {
  const boundary = `----portal${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), Buffer.from(content), Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(c: TestClient, filename: string, content: Buffer | string) {
  return c.request({ method: 'POST', url: '/api/users/import', ...multipart(filename, content) });
}

async function admin() {
  const user = await createUser(ctx.db, { role: 'admin' });
  return client(user);
}
const client = (user: { username: string; password: string }) => new TestClient(ctx.app).signInAs(user, 'admin');

let counter = 0;
const name = (prefix: string) => `${prefix}${Date.now().toString(36)}${(counter += 1)}`;

async function liveUsersNamed(names: string[]) {
  return ctx.db
    .select()
    .from(users)
    .where(and(inArray(sql`lower(${users.username})`, names.map((n) => n.toLowerCase())), isNull(users.deletedAt)));
}

async function workbook(sheets: Record<string, string[][]>): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  for (const [sheetName, rows] of Object.entries(sheets)) book.addWorksheet(sheetName).addRows(rows);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('bulk user import from CSV ("Bulk user import row")', () => {
  it('creates every user with a temporary password, logs user_created each and queues welcome emails', async () => {
    const c = await admin();
    const [a, b] = [name('csva'), name('csvb')];
    const csv = [
      'Username,Password,Role,First Name,last_name,EMAIL,company,notes',
      `${a},Tilework7,,Ann,Lee,ann.${a}@example.com,BOLD,ignored column`,
      `${b},Tilework8,BOLD Customer,Bob,,,"Floors, Inc.",`,
      ',,,,,,,',
    ].join('\r\n');
    const response = await upload(c, 'users.csv', csv);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      created: 2,
      users: [
        { row: 2, username: a, role: 'salesperson' },
        { row: 3, username: b, role: 'bold_customer' },
      ],
    });
    const rows = await liveUsersNamed([a, b]);
    expect(rows).toHaveLength(2);
    const ann = rows.find((r) => r.username === a)!;
    expect(ann).toMatchObject({ firstName: 'Ann', lastName: 'Lee', company: 'BOLD', isTemporaryPassword: true, email: `ann.${a}@example.com` });
    expect(rows.find((r) => r.username === b)).toMatchObject({ company: 'Floors, Inc.', email: null, lastName: null });
    expect(await verifyPassword('Tilework7', ann.passwordHash)).toBe(true);

    const created = await ctx.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.type, 'user_created'), inArray(activityLogs.targetUserId, rows.map((r) => r.id))));
    expect(created).toHaveLength(2);
    const mail = await ctx.db.select().from(emailOutbox).where(sql`${`ann.${a}@example.com`} = any(${emailOutbox.toAddresses})`);
    expect(mail).toHaveLength(1);
  });

  it('imports nothing when any row breaks a rule, and names every problem by row and field', async () => {
    const c = await admin();
    const existing = await createUser(ctx.db);
    const good = name('good');
    const dup = name('dup');
    const csv = [
      'username,password,role,email',
      `${good},Tilework7,salesperson,good@example.com`,
      `${name('bademail')},Tilework7,,not-an-email`,
      `,Tilework7,,`,
      `${name('shortpw')},Ab1,,`,
      `${name('nocap')},lowercase1,,`,
      `${name('badrole')},Tilework7,owner,`,
      `${existing.username.toUpperCase()},Tilework7,,`,
      `${dup},Tilework7,,`,
      `${dup.toUpperCase()},Tilework7,,`,
      `${name('common')},Qwerty123,,`,
    ].join('\n');
    const response = await upload(c, 'users.csv', csv);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.message).toBe('No users were imported: 8 problems found');
    expect(body.errors).toEqual([
      { path: 'rows.3.email', message: USER_MESSAGES.invalidEmail },
      { path: 'rows.4.username', message: USER_MESSAGES.usernameRequired },
      { path: 'rows.5.password', message: PASSWORD_MESSAGES.tooShort },
      { path: 'rows.6.password', message: PASSWORD_MESSAGES.needsCapital },
      { path: 'rows.7.role', message: 'Role must be admin, salesperson or bold_customer' },
      { path: 'rows.8.username', message: USER_MESSAGES.usernameTaken },
      { path: 'rows.10.username', message: 'Username appears more than once in the file (first on row 9)' },
      // A password on the list of common ones.
      { path: 'rows.11.password', message: PASSWORD_MESSAGES.tooCommon },
    ]);
    expect(await liveUsersNamed([good, dup])).toEqual([]);
  });

  it('refuses usernames live accounts already have, and imports nothing', async () => {
    const c = await admin();
    const existing = await createUser(ctx.db);
    const fresh = name('fresh');
    const response = await upload(c, 'users.csv', `username,password\n${fresh},Tilework7\n${existing.username},Tilework7\n`);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ path: 'rows.3.username', message: USER_MESSAGES.usernameTaken }]);
    expect(await liveUsersNamed([fresh])).toEqual([]);
  });

  it('needs the username and password columns', async () => {
    const c = await admin();
    const response = await upload(c, 'users.csv', 'user,role\nsomeone,admin\n');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { path: 'rows.1.username', message: 'Missing column: username' },
      { path: 'rows.1.password', message: 'Missing column: password' },
    ]);
  });

  it('refuses a file without users', async () => {
    const c = await admin();
    const response = await upload(c, 'users.csv', 'username,password\n');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ path: 'rows.0', message: 'The file has no users to import' }]);
  });
});

describe('import progress (ADR 0132: NDJSON when the client asks for it)', () => {
  it('streams progress lines, then the result; every user created', async () => {
    const c = await admin();
    const names = Array.from({ length: 60 }, () => name('strm'));
    const csv = ['username,password', ...names.map((n) => `${n},Tilework7`)].join('\n');
    const body = multipart('users.csv', csv);
    const response = await c.request({ method: 'POST', url: '/api/users/import', payload: body.payload, headers: { ...body.headers, accept: 'application/x-ndjson' } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('application/x-ndjson');
    const events = response.body.trim().split('\n').map((line) => JSON.parse(line));
    const progress = events.filter((e) => e.type === 'progress');
    expect(progress[0]).toEqual({ type: 'progress', done: 0, total: 60 });
    expect(progress.at(-1)).toEqual({ type: 'progress', done: 60, total: 60 });
    expect(progress.length).toBeGreaterThan(2);
    expect(events.at(-1)).toMatchObject({ type: 'result', result: { created: 60, skippedExamples: 0 } });
    expect(await liveUsersNamed(names)).toHaveLength(60);
  });

  it('still answers a file with problems as a 400 with every row, before any line', async () => {
    const c = await admin();
    const body = multipart('users.csv', `username,password\n${name('ok')},Tilework7\n${name('bad')},short\n`);
    const response = await c.request({ method: 'POST', url: '/api/users/import', payload: body.payload, headers: { ...body.headers, accept: 'application/x-ndjson' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([expect.objectContaining({ path: 'rows.3.password' })]);
  });
});

describe('bulk user import from the workbook’s users sheet', () => {
  it('reads the sheet named users, whatever else the workbook holds', async () => {
    const c = await admin();
    const u = name('xlsx');
    const file = await workbook({
      displays: [['type', 'code', 'name'], ['display', 'D1', 'Stand']],
      Users: [
        ['Username', 'Password', 'Role', 'Email', 'Store Name'],
        [u, 'Tilework7', 'admin', `${u}@example.com`, 'Downtown'],
      ],
    });
    const response = await upload(c, 'merchandise-template.xlsx', file);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ created: 1, users: [{ row: 2, username: u, role: 'admin' }] });
    expect((await liveUsersNamed([u]))[0]).toMatchObject({ storeName: 'Downtown', isTemporaryPassword: true });
  });

  it('applies the same row rules to the sheet', async () => {
    const c = await admin();
    const file = await workbook({ users: [['username', 'password', 'email'], [name('x'), 'Tilework7', 'bad@'], ['', 'Tilework7', '']] });
    const response = await upload(c, 'book.xlsx', file);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { path: 'rows.2.email', message: USER_MESSAGES.invalidEmail },
      { path: 'rows.3.username', message: USER_MESSAGES.usernameRequired },
    ]);
  });

  it('refuses a workbook without a users sheet', async () => {
    const c = await admin();
    const response = await upload(c, 'book.xlsx', await workbook({ labels: [['code'], ['L1']] }));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(IMPORT_FILE_MESSAGES.noUsersSheet);
  });
});

describe('the import checks the file by its content', () => {
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63f8cfc0f01f0005000201e2a7c6b90000000049454e44ae426082', 'hex');

  it('refuses an image named .csv', async () => {
    const c = await admin();
    const response = await upload(c, 'users.csv', png);
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe(IMPORT_FILE_MESSAGES.wrongType);
  });

  it('refuses text named .xlsx', async () => {
    const c = await admin();
    const response = await upload(c, 'users.xlsx', 'username,password\nabc,Tilework7\n');
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe(IMPORT_FILE_MESSAGES.badWorkbook);
  });

  it('refuses a JSON body', async () => {
    const c = await admin();
    expect((await c.post('/api/users/import', { username: 'x' })).statusCode).toBe(415);
  });

  it('is for user managers only', async () => {
    const sales = await createUser(ctx.db, { role: 'salesperson' });
    const c = await new TestClient(ctx.app).signInAs(sales);
    const u = name('nope');
    const response = await upload(c, 'users.csv', `username,password\n${u},Tilework7\n`);
    expect(response.statusCode).toBe(403);
    expect(await liveUsersNamed([u])).toEqual([]);
  });
});

/** What the users table holds, to prove an upload changed nothing. */
async function usersSnapshot() {
  const [counted] = await ctx.db.select({ n: sql<number>`count(*)`.mapWith(Number), maxId: sql<number>`max(${users.id})` }).from(users);
  const logs = await ctx.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(activityLogs).where(eq(activityLogs.type, 'user_created'));
  return { ...counted, userCreatedLogs: logs[0]?.n };
}

describe('the users templates never write real data', () => {
  it('the CSV template: columns, EXAMPLE rows with a note, and uploaded unchanged it imports nothing', async () => {
    const c = await admin();
    const response = await c.get('/api/users/import-template.csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const [header, ...examples] = response.body.trim().split('\n');
    expect(header).toBe('username,password,role,firstName,lastName,email,phone,company,storeName,storeAddress,note');
    expect(examples.length).toBeGreaterThan(0);
    for (const line of examples) {
      expect(line).toMatch(/^EXAMPLE-/);
      expect(line).toContain('never imported');
    }
    expect(response.body).not.toMatch(/^jdoe,/m);

    const before = await usersSnapshot();
    const imported = await upload(c, 'users-template.csv', response.body);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toEqual({ created: 0, skippedExamples: examples.length, users: [] });
    expect(await usersSnapshot()).toEqual(before);
    expect(await liveUsersNamed(['EXAMPLE-jdoe', 'jdoe'])).toEqual([]);
  });

  it('the users sheet of the merchandise workbook, uploaded unchanged, imports nothing', async () => {
    const c = await admin();
    const template = await c.get('/api/admin/merchandise/template.xlsx');
    expect(template.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(template.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = book.getWorksheet('users')!;
    expect(sheet.getCell('A2').text).toMatch(/^EXAMPLE-/);
    expect(sheet.getCell('K2').text).toContain('never imported');
    // Text-typed cells, so a phone number or a password of digits stays as typed.
    expect(sheet.getColumn(7).numFmt).toBe('@');

    const before = await usersSnapshot();
    const imported = await upload(c, 'merchandise-template.xlsx', template.rawPayload);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ created: 0, users: [] });
    expect(imported.json().skippedExamples).toBeGreaterThan(0);
    expect(await usersSnapshot()).toEqual(before);
  });

  it('imports the real rows added under the examples and still skips the examples', async () => {
    const c = await admin();
    const template = (await c.get('/api/users/import-template.csv')).body;
    const u = name('real');
    const imported = await upload(c, 'users.csv', `${template.trim()}\n${u},Tilework7,salesperson\n`);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ created: 1, skippedExamples: 2, users: [{ username: u }] });
  });
});

describe('the import workbook passes the zip guard (security review: a 430 KB workbook took the server to 1 GB)', () => {
  it('refuses a workbook whose entries would inflate past the limit, before exceljs reads it', async () => {
    const c = await admin();
    const bomb = await workbook({ users: [['username', 'password'], [name('zip'), 'Tilework7']] });
    // Declare a 100 MB uncompressed size on the first central-directory entry.
    const central = bomb.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    bomb.writeUInt32LE(100 * 1024 * 1024, central + 24);
    const response = await upload(c, 'users.xlsx', bomb);
    expect(response.statusCode).toBe(413);
  });

  it('refuses a file over 2 MB while it streams in', async () => {
    const c = await admin();
    const big = `username,password\n${'x'.repeat(2 * 1024 * 1024 + 10)}\n`;
    const response = await upload(c, 'users.csv', big);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(IMPORT_FILE_MESSAGES.tooLarge);
  });
});

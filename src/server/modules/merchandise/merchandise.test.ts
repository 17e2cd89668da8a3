import { MERCHANDISE_UPLOAD_MESSAGES } from '@common/contracts/merchandise';
import { USER_IMPORT_COLUMNS } from '@common/contracts/users';
import { MERCHANDISE_COLUMNS } from '@common/domain/merchandise-import';
import { ONLY_EXAMPLE_ROWS, TEMPLATE_EXAMPLE_NOTE } from '@common/domain/template-examples';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { crc32, deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { multipartBody } from '../../../../test/multipart';
import { activityLogs, merchandise } from '../../db/schema';

const ctx = useTestApp();
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function signedIn(role: 'admin' | 'salesperson' | 'bold_customer') {
  const user = await createUser(ctx.db, { role });
  return new TestClient(ctx.app).signInAs(user, role === 'admin' ? 'admin' : undefined);
}

async function workbook(sheets: Record<string, (string | number)[][]>): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) book.addWorksheet(name).addRows(rows);
  return Buffer.from(await book.xlsx.writeBuffer());
}

function upload(client: TestClient, content: Buffer | string, filename = 'merchandise.xlsx') {
  return client.request({
    method: 'POST',
    url: '/api/admin/merchandise/upload',
    ...multipartBody([{ filename, content, contentType: XLSX }]),
  });
}

/**
 * A zip holding one entry, built by hand so a test controls every byte: stored, or
 * deflated with a declared uncompressed size that may lie.
 */
function handZip(name: string, content: Buffer, deflated?: { declaredSize: number }): Buffer {
  const data = deflated ? deflateRawSync(content) : content;
  const declared = deflated ? deflated.declaredSize : content.length;
  const method = deflated ? 8 : 0;
  const nameBytes = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(method, 8);
  local.writeUInt32LE(crc32(content), 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(declared, 22);
  local.writeUInt16LE(nameBytes.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(method, 10);
  central.writeUInt32LE(crc32(content), 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(declared, 24);
  central.writeUInt16LE(nameBytes.length, 28);
  const directoryOffset = local.length + nameBytes.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + nameBytes.length, 12);
  end.writeUInt32LE(directoryOffset, 16);
  return Buffer.concat([local, nameBytes, data, central, nameBytes, end]);
}

const HEADER = [...MERCHANDISE_COLUMNS];

describe('merchandise lists (view_stock)', () => {
  it('answers each type to every role with view_stock, and refuses the signed-out', async () => {
    await ctx.db.insert(merchandise).values([
      { type: 'display', code: 'L-DSP', name: 'Spinner', category: 'Floor Displays' },
      { type: 'label', code: 'L-LBL', name: 'Shelf Label', line: 'Calacatta' },
      { type: 'pricelist', code: 'L-PL', name: 'Retail', category: 'General' },
      { type: 'handboard', code: 'L-HB', name: 'Board', handboardType: 'Handboard' },
    ]);
    const customer = await signedIn('bold_customer');
    for (const [path, code] of [
      ['displays', 'L-DSP'],
      ['labels', 'L-LBL'],
      ['pricelists', 'L-PL'],
      ['handboards', 'L-HB'],
    ]) {
      const response = await customer.get(`/api/merchandise/${path}`);
      expect(response.statusCode).toBe(200);
      expect(response.json().map((m: { code: string }) => m.code)).toContain(code);
    }
    expect((await new TestClient(ctx.app).get('/api/merchandise/labels')).statusCode).toBe(401);
  });
});

describe('the merchandise template (docs/product-decisions.md)', () => {
  it('is a workbook with a sheet per type, a users sheet, headers, examples and a type list', async () => {
    const admin = await signedIn('admin');
    const response = await admin.get('/api/admin/merchandise/template.xlsx');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain(XLSX);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ExcelJS.Buffer);
    expect(book.worksheets.map((s) => s.name)).toEqual(['displays', 'labels', 'pricelists', 'handboards', 'users']);
    const labels = book.getWorksheet('labels');
    expect(labels?.getRow(1).values).toEqual([undefined, ...HEADER, 'note']);
    expect(labels?.getCell('A2').text).toBe('label');
    expect(labels?.getCell('A2').dataValidation).toMatchObject({ type: 'list', formulae: ['"display,label,pricelist,handboard"'] });
    expect(book.getWorksheet('users')?.getRow(1).values).toEqual([undefined, ...USER_IMPORT_COLUMNS, 'note']);
  });

  it('marks its example rows, types prices as numbers, and uploaded unchanged changes nothing (docs/decisions/0130)', async () => {
    const admin = await signedIn('admin');
    const template = (await admin.get('/api/admin/merchandise/template.xlsx')).rawPayload;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(template as unknown as ExcelJS.Buffer);
    const displays = book.getWorksheet('displays')!;
    expect(displays.getCell('B2').text).toMatch(/^EXAMPLE-/);
    expect(typeof displays.getCell('H2').value).toBe('number');
    expect(displays.getCell('I1').text).toBe('note');
    expect(displays.getCell('I2').text).toBe(TEMPLATE_EXAMPLE_NOTE);
    const before = await ctx.db.select().from(merchandise);
    const response = await upload(admin, template);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(ONLY_EXAMPLE_ROWS);
    expect(await ctx.db.select().from(merchandise)).toEqual(before);
  });

  it('is for admins only', async () => {
    expect((await (await signedIn('salesperson')).get('/api/admin/merchandise/template.xlsx')).statusCode).toBe(403);
  });
});

describe('merchandise upload (all or nothing)', () => {
  it('inserts new codes, updates existing ones, keeps the rest, and records merchandise_updated', async () => {
    await ctx.db.insert(merchandise).values([
      { type: 'label', code: 'U-KEEP', name: 'Kept Label', line: 'Kept' },
      { type: 'label', code: 'U-UPD', name: 'Old Name', line: 'Old' },
    ]);
    const admin = await signedIn('admin');
    const file = await workbook({
      labels: [HEADER, ['', 'U-UPD', 'New Name', '', 'Calacatta', '', '', ''], ['label', 'U-NEW', 'Fresh Label', 'Desc', 'Calacatta', '', '', '']],
      pricelists: [HEADER, ['pricelist', 'U-PL', 'Dealer List', '', '', '', '', '$1,250.5']],
      handboards: [HEADER, ['handboard', 'U-HB', 'Board', '', '', '', '', '']],
    });
    const response = await upload(admin, file);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      inserted: 3,
      updated: 1,
      total: 4,
      byType: { display: 0, label: 2, pricelist: 1, handboard: 1 },
      added: [
        { type: 'label', code: 'U-NEW' },
        { type: 'pricelist', code: 'U-PL' },
        { type: 'handboard', code: 'U-HB' },
      ],
      updatedCodes: [{ type: 'label', code: 'U-UPD' }],
    });
    const rows = await ctx.db.select().from(merchandise);
    const byCode = new Map(rows.map((r) => [r.code, r]));
    expect(byCode.get('U-UPD')).toMatchObject({ name: 'New Name', line: 'Calacatta' });
    expect(byCode.get('U-KEEP')).toMatchObject({ name: 'Kept Label' });
    // defaults.
    expect(byCode.get('U-PL')).toMatchObject({ category: 'General', price: '1250.50' });
    expect(byCode.get('U-HB')).toMatchObject({ handboardType: 'Handboard' });
    const logged = await ctx.db.select().from(activityLogs).where(eq(activityLogs.type, 'merchandise_updated'));
    expect(logged.map((row) => row.metadata)).toContainEqual(expect.objectContaining({ inserted: 3, updated: 1 }));
  });

  it('lists every bad row and saves nothing', async () => {
    const admin = await signedIn('admin');
    const file = await workbook({
      displays: [
        HEADER,
        ['display', 'BAD-OK', 'Fine Display', '', '', 'Floor', '', ''],
        ['display', '', 'No Code', '', '', '', '', ''],
        ['display', 'BAD-NONAME', '', '', '', '', '', ''],
        ['poster', 'BAD-TYPE', 'Poster', '', '', '', '', ''],
        ['display', 'BAD-PRICE', 'Priced', '', '', '', '', 'ten'],
        ['display', 'BAD-OK', 'Twice', '', '', '', '', ''],
      ],
    });
    const response = await upload(admin, file);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Please fix the following issues:',
      rows: [
        { sheet: 'displays', row: 3, messages: ['Code is required'] },
        { sheet: 'displays', row: 4, messages: ['Name is required'] },
        { sheet: 'displays', row: 5, messages: ['Type must be one of display, label, pricelist, handboard'] },
        { sheet: 'displays', row: 6, messages: ['Price must be a number of at least 0 with at most 2 decimals'] },
        { sheet: 'displays', row: 7, messages: ['Code BAD-OK appears twice (first at displays row 2)'] },
      ],
    });
    const saved = await ctx.db.select().from(merchandise).where(and(eq(merchandise.type, 'display'), eq(merchandise.code, 'BAD-OK')));
    expect(saved).toHaveLength(0);
  });

  it('refuses a workbook without merchandise rows', async () => {
    const admin = await signedIn('admin');
    const response = await upload(admin, await workbook({ labels: [HEADER] }));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(MERCHANDISE_UPLOAD_MESSAGES.noRows);
  });

  it('checks the file by content, not by name', async () => {
    const admin = await signedIn('admin');
    const text = await upload(admin, 'type,code,name\nlabel,X,Y\n', 'labels.xlsx');
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe(MERCHANDISE_UPLOAD_MESSAGES.invalidFile);
    const otherZip = await upload(admin, handZip('hello.txt', Buffer.from('hello')));
    expect(otherZip.statusCode).toBe(415);
    expect(otherZip.json().message).toBe(MERCHANDISE_UPLOAD_MESSAGES.notWorkbook);
  });

  it('refuses a zip whose entries would inflate past the limit, before inflating', async () => {
    const admin = await signedIn('admin');
    const bomb = Buffer.from(await workbook({ labels: [HEADER, ['label', 'Z', 'Zip', '', '', '', '', '']] }));
    // Declare a 100 MB uncompressed size on the first central-directory entry.
    const central = bomb.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    bomb.writeUInt32LE(100 * 1024 * 1024, central + 24);
    const response = await upload(admin, bomb);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(MERCHANDISE_UPLOAD_MESSAGES.tooLarge);
  });

  it('refuses an entry that inflates past its declared size, stopping at that size', async () => {
    const admin = await signedIn('admin');
    const liar = handZip('xl/workbook.xml', Buffer.alloc(8 * 1024 * 1024), { declaredSize: 1000 });
    const response = await upload(admin, liar);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(MERCHANDISE_UPLOAD_MESSAGES.tooLarge);
  });

  it('is for admins only', async () => {
    const file = await workbook({ labels: [HEADER, ['label', 'P-1', 'Label', '', 'Line', '', '', '']] });
    expect((await upload(await signedIn('salesperson'), file)).statusCode).toBe(403);
    expect((await upload(await signedIn('bold_customer'), file)).statusCode).toBe(403);
    expect((await upload(new TestClient(ctx.app), file)).statusCode).toBe(401);
  });
});

import { MERCHANDISE_PREVIEW_MESSAGES, MERCHANDISE_UPLOAD_MESSAGES } from '@common/contracts/merchandise';
import { MERCHANDISE_COLUMNS } from '@common/domain/merchandise-import';
import { STOCK_UPLOAD_MESSAGES } from '@common/domain/stock-uploads';
import { asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeEach, describe, expect, it } from 'vitest';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { multipartBody } from '../../../../test/multipart';
import { activityLogs, merchandise, stockUploads } from '../../db/schema';

/* The merchandise workbook previewed, then confirmed or cancelled (docs/decisions/0214). */

const ctx = useTestApp();
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const HEADER = [...MERCHANDISE_COLUMNS];

async function signedIn(role: 'admin' | 'salesperson' | 'bold_customer') {
  const user = await createUser(ctx.db, { role });
  return new TestClient(ctx.app).signInAs(user, role === 'admin' ? 'admin' : undefined);
}

async function workbook(rows: (string | number)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('labels').addRows([HEADER, ...rows]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

function preview(client: TestClient, content: Buffer, filename = 'merchandise.xlsx') {
  return client.request({ method: 'POST', url: '/api/admin/merchandise/upload/preview', ...multipartBody([{ filename, content, contentType: XLSX }]) });
}

const all = () =>
  ctx.db
    .select({ code: merchandise.code, name: merchandise.name, description: merchandise.description, line: merchandise.line, price: merchandise.price, active: merchandise.active })
    .from(merchandise)
    .orderBy(asc(merchandise.code));

// type, code, name, description, line, category, handboardType, price
const FILE = [
  ['label', 'P-NEW', 'New Label', 'Fresh', 'Calacatta', '', '', 2],
  ['label', 'P-UPD', 'Renamed Label', '', 'Line B', '', '', 3.5],
  ['label', 'P-SAME', 'Same Label', 'Same', 'Line C', '', '', 1],
];

beforeEach(async () => {
  await ctx.db.delete(merchandise);
  await ctx.db.insert(merchandise).values([
    { type: 'label', code: 'P-UPD', name: 'Old Label', description: 'Was described', line: 'Line B', price: '3.00' },
    { type: 'label', code: 'P-SAME', name: 'Same Label', description: 'Same', line: 'Line C', price: '1.00' },
    { type: 'label', code: 'P-KEEP', name: 'Kept Label', line: 'Line D' },
  ]);
});

describe('merchandise workbook preview', () => {
  it('lists what is added, changed (before -> after), not in the file and the blanks that clear a value, and changes nothing', async () => {
    const admin = await signedIn('admin');
    const before = await all();
    const response = await preview(admin, await workbook(FILE));
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.counts).toEqual({ rows: 3, added: 1, changed: 1, unchanged: 1, notInFile: 1, warnings: 1 });
    expect(body.added).toEqual([{ type: 'label', code: 'P-NEW', name: 'New Label' }]);
    expect(body.changed).toEqual([
      {
        type: 'label',
        code: 'P-UPD',
        name: 'Renamed Label',
        changes: [
          { field: 'name', before: 'Old Label', after: 'Renamed Label' },
          { field: 'description', before: 'Was described', after: null },
          { field: 'price', before: '3.00', after: '3.50' },
        ],
      },
    ]);
    expect(body.notInFile).toEqual([{ type: 'label', code: 'P-KEEP', name: 'Kept Label' }]);
    expect(body.warnings).toEqual([{ sheet: 'labels', row: 3, type: 'label', code: 'P-UPD', message: MERCHANDISE_PREVIEW_MESSAGES.cleared('Description', 'Was described') }]);
    expect(await all()).toEqual(before);
    const [kept] = await ctx.db.select().from(stockUploads).where(eq(stockUploads.id, body.uploadId));
    expect(kept).toMatchObject({ kind: 'merchandise', status: 'previewed', filename: 'merchandise.xlsx' });
  });

  it('confirm applies exactly the preview in one go and records it; a second confirm is a 409', async () => {
    const admin = await signedIn('admin');
    const { uploadId } = (await preview(admin, await workbook(FILE))).json();
    const response = await admin.post(`/api/admin/merchandise/uploads/${uploadId}/confirm`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ inserted: 1, updated: 2, total: 3 });
    expect(await all()).toEqual([
      { code: 'P-KEEP', name: 'Kept Label', description: null, line: 'Line D', price: '0.00', active: true },
      { code: 'P-NEW', name: 'New Label', description: 'Fresh', line: 'Calacatta', price: '2.00', active: true },
      { code: 'P-SAME', name: 'Same Label', description: 'Same', line: 'Line C', price: '1.00', active: true },
      { code: 'P-UPD', name: 'Renamed Label', description: null, line: 'Line B', price: '3.50', active: true },
    ]);
    const [kept] = await ctx.db.select().from(stockUploads).where(eq(stockUploads.id, uploadId));
    expect(kept?.status).toBe('applied');
    const logs = await ctx.db.select().from(activityLogs).where(eq(activityLogs.type, 'merchandise_updated'));
    expect(logs.length).toBeGreaterThan(0);
    const again = await admin.post(`/api/admin/merchandise/uploads/${uploadId}/confirm`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(STOCK_UPLOAD_MESSAGES.alreadyDecided);
  });

  it('cancel changes nothing and the cancelled preview cannot be confirmed', async () => {
    const admin = await signedIn('admin');
    const before = await all();
    const { uploadId } = (await preview(admin, await workbook(FILE))).json();
    const cancelled = await admin.post(`/api/admin/merchandise/uploads/${uploadId}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toEqual({ id: uploadId, status: 'cancelled' });
    expect(await all()).toEqual(before);
    expect((await admin.post(`/api/admin/merchandise/uploads/${uploadId}/confirm`)).statusCode).toBe(409);
    expect(await all()).toEqual(before);
  });

  it('answers 409 and changes nothing when the merchandise changed since the preview', async () => {
    const admin = await signedIn('admin');
    const { uploadId } = (await preview(admin, await workbook(FILE))).json();
    // An edit of an item the workbook does not even list: still a change since the preview.
    const [kept] = await ctx.db.select({ id: merchandise.id }).from(merchandise).where(eq(merchandise.code, 'P-KEEP'));
    const edit = await admin.patch(`/api/admin/merchandise/${kept!.id}`, { name: 'Kept Label v2', description: '', line: 'Line D', category: '', handboardType: '', price: '0' });
    expect(edit.statusCode, edit.body).toBe(200);
    const before = await all();
    const response = await admin.post(`/api/admin/merchandise/uploads/${uploadId}/confirm`);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(MERCHANDISE_PREVIEW_MESSAGES.changedSince);
    expect(await all()).toEqual(before);
    const [row] = await ctx.db.select().from(stockUploads).where(eq(stockUploads.id, uploadId));
    expect(row?.status).toBe('previewed');
  });

  it('a workbook with bad rows is a 400 listing them, and nothing is kept or changed', async () => {
    const admin = await signedIn('admin');
    const before = await all();
    const kept = async () => (await ctx.db.select().from(stockUploads).where(eq(stockUploads.kind, 'merchandise'))).length;
    const keptBefore = await kept();
    const response = await preview(admin, await workbook([['label', 'P-BAD', '', '', '', '', '', 1]]));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(MERCHANDISE_UPLOAD_MESSAGES.rowsFailed);
    expect(response.json().rows[0]).toMatchObject({ sheet: 'labels', row: 2 });
    expect(await all()).toEqual(before);
    expect(await kept()).toBe(keptBefore);
  });

  it('is for admins only; a stock upload id is not a merchandise one; the stock history does not list merchandise workbooks', async () => {
    const admin = await signedIn('admin');
    const { uploadId } = (await preview(admin, await workbook(FILE))).json();
    const sales = await signedIn('salesperson');
    expect((await preview(sales, await workbook(FILE))).statusCode).toBe(403);
    expect((await sales.post(`/api/admin/merchandise/uploads/${uploadId}/confirm`)).statusCode).toBe(403);
    expect((await sales.post(`/api/admin/merchandise/uploads/${uploadId}/cancel`)).statusCode).toBe(403);
    // Another admin may not confirm someone else's preview (docs/decisions/0204).
    const other = await signedIn('admin');
    expect((await other.post(`/api/admin/merchandise/uploads/${uploadId}/confirm`)).statusCode).toBe(403);
    expect((await admin.post(`/api/stock/uploads/${uploadId}/cancel`)).statusCode).toBe(404);
    const history = (await admin.get('/api/stock/uploads')).json();
    expect(history.uploads.map((u: { id: number }) => u.id)).not.toContain(uploadId);
    expect((await admin.post('/api/admin/merchandise/uploads/999999/cancel')).statusCode).toBe(404);
  });
});

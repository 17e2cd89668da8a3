import { parse as parseDisposition } from 'content-disposition';
import { lotsUploadPreviewResponse } from '@common/contracts/lots-uploads';
import { stockUploadHistoryResponse, stockUploadPreviewResponse } from '@common/contracts/stock-uploads';
import { STOCK_UPLOAD_MESSAGES } from '@common/domain/stock-uploads';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeEach, describe, expect, it } from 'vitest';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { multipartBody } from '../../../../test/multipart';
import { runRetentionOnce } from '../../jobs/retention';
import { productLots, products, stockUploads, users } from '../../db/schema';
import { productColumns, withStock } from '../../../../test/cart-fixtures';

/** ADR 0204: upload names and files in the history are safe to download; previews belong to their maker and expire. */
const ctx = useTestApp();

const SKUS = [
  { id: 1001, name: 'Calacatta 12x24 White Polished', stockLevel: '10', price: '42.50', soldBy: 'Box' },
  { id: 1002, name: 'Urban Concrete 24x24 Grey Matte', stockLevel: '7', price: '61.99', soldBy: 'Box' },
];
const LOTS_FILE = 'sku,lot,quantity\n1001,L1,60\n';

async function signedIn() {
  const user = await createUser(ctx.db, { role: 'admin', email: `admin.${Math.random().toString(36).slice(2, 8)}@example.com` });
  return { user, client: await new TestClient(ctx.app).signInAs(user, 'admin') };
}

const preview = (client: TestClient, content: string | Buffer, filename = 'lots.csv') =>
  client.request({ method: 'POST', url: '/api/stock/lots/upload/preview', ...multipartBody([{ filename, content }]) });
const confirm = (client: TestClient, id: number) => client.post(`/api/stock/lots/uploads/${id}/confirm`, {});
const lots = async () => (await ctx.db.select().from(productLots).where(eq(productLots.productId, 1001)).orderBy(asc(productLots.lot))).map((l) => [l.lot, l.quantity]);

let admin: TestClient;

beforeEach(async () => {
  await ctx.db.delete(stockUploads);
  await ctx.db.delete(products).where(inArray(products.id, SKUS.map((s) => s.id)));
  await ctx.db.insert(products).values(SKUS.map(withStock));
  admin = (await signedIn()).client;
});

describe('upload names and downloads', () => {
  it('keeps evil.html and a<U+202E>csv.exe under safe .csv names and serves them as attachments, never sniffed', async () => {
    for (const [sent, kept] of [
      ['evil.html', 'evil_html.csv'],
      ['a\u202Ecsv.exe', 'acsv_exe.csv'],
    ]) {
      const response = await preview(admin, LOTS_FILE, sent);
      expect(response.statusCode, response.body).toBe(200);
      const body = lotsUploadPreviewResponse.parse(response.json());
      expect(body.filename).toBe(kept);
      const file = await admin.get(`/api/stock/uploads/${body.uploadId}/file`);
      expect(parseDisposition(String(file.headers['content-disposition']))).toEqual({ type: 'attachment', parameters: { filename: kept } });
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    }
    const names = stockUploadHistoryResponse.parse((await admin.get('/api/stock/uploads')).json()).uploads.map((u) => u.filename);
    expect(names).toEqual(['acsv_exe.csv', 'evil_html.csv']);
  });

  it('keeps only the rows read from a workbook: a formula in a column the reader ignores never comes back', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('lots');
    sheet.addRow(['sku', 'lot', 'quantity', 'note']);
    sheet.addRow([1001, 'L1', 60, { formula: 'HYPERLINK("http://evil.example","click")' }]);
    sheet.addRow([1002, 'B1', 5, '=cmd|\' /C calc\'!A0']);
    book.addWorksheet('hidden').addRow(['=1+1']);
    const data = Buffer.from(await book.xlsx.writeBuffer());
    const body = lotsUploadPreviewResponse.parse((await preview(admin, data, 'monday.xlsx')).json());
    const file = await admin.get(`/api/stock/uploads/${body.uploadId}/file`);
    expect(file.body).toBe('sku,lot,shade,caliber,warehouse,quantity\n1001,L1,,,Main,60\n1002,B1,,,Main,5\n');
    expect(parseDisposition(String(file.headers['content-disposition']))).toEqual({ type: 'attachment', parameters: { filename: 'monday_xlsx.csv' } });
    expect((await confirm(admin, body.uploadId)).statusCode).toBe(200);
    expect(await lots()).toEqual([['L1', 60]]);
  });

  it('serves a stock CSV with formula cells of ignored columns neutralised, as the order export does', async () => {
    const csv = 'id,stockLevel,note\n1001,4,=HYPERLINK("http://evil.example")\n1002,5,@SUM(A1)\n';
    const response = await admin.request({ method: 'POST', url: '/api/stock/upload/preview', ...multipartBody([{ filename: 'stock<script>.csv', content: csv }]) });
    expect(response.statusCode, response.body).toBe(200);
    const { uploadId } = stockUploadPreviewResponse.parse(response.json());
    const file = await admin.get(`/api/stock/uploads/${uploadId}/file`);
    expect(file.body).toBe('id,stockLevel,note\n1001,4,"\'=HYPERLINK(""http://evil.example"")"\n1002,5,\'@SUM(A1)\n');
    expect(parseDisposition(String(file.headers['content-disposition']))).toEqual({ type: 'attachment', parameters: { filename: 'stock_script_.csv' } });
  });
});

describe('previews belong to their maker and expire', () => {
  it('only the admin who previewed may confirm (403 for another, nothing changes); the maker still can', async () => {
    const { uploadId } = lotsUploadPreviewResponse.parse((await preview(admin, LOTS_FILE)).json());
    const other = (await signedIn()).client;
    const refused = await confirm(other, uploadId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(STOCK_UPLOAD_MESSAGES.notYours);
    expect(await lots()).toEqual([]);
    expect((await confirm(admin, uploadId)).statusCode).toBe(200);
    expect(await lots()).toEqual([['L1', 60]]);
  });

  it('binds a stock preview the same way', async () => {
    const response = await admin.request({ method: 'POST', url: '/api/stock/upload/preview', ...multipartBody([{ filename: 's.csv', content: 'id,stockLevel\n1001,4\n' }]) });
    const { uploadId } = stockUploadPreviewResponse.parse(response.json());
    const other = (await signedIn()).client;
    expect((await other.post(`/api/stock/uploads/${uploadId}/confirm`, { mode: 'keep' })).statusCode).toBe(403);
    expect((await ctx.db.select(productColumns).from(products).where(eq(products.id, 1001)))[0]!.stockLevel).toBe('10');
  });

  it('refuses a preview older than an hour, saying so, and changes nothing', async () => {
    const { uploadId } = lotsUploadPreviewResponse.parse((await preview(admin, LOTS_FILE)).json());
    await ctx.db.update(stockUploads).set({ createdAt: sql`now() - interval '61 minutes'` }).where(eq(stockUploads.id, uploadId));
    const response = await confirm(admin, uploadId);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(STOCK_UPLOAD_MESSAGES.expired);
    expect(await lots()).toEqual([]);
  });

  it('a deleted admin\'s preview cannot be confirmed by anyone, and retention deletes it and day-old previews, keeping decided uploads', async () => {
    const maker = await signedIn();
    const { uploadId } = lotsUploadPreviewResponse.parse((await preview(maker.client, LOTS_FILE)).json());
    const old = lotsUploadPreviewResponse.parse((await preview(admin, LOTS_FILE, 'old.csv')).json()).uploadId;
    await ctx.db.update(stockUploads).set({ createdAt: sql`now() - interval '25 hours'` }).where(eq(stockUploads.id, old));
    const fresh = lotsUploadPreviewResponse.parse((await preview(admin, LOTS_FILE, 'fresh.csv')).json()).uploadId;
    const applied = lotsUploadPreviewResponse.parse((await preview(admin, LOTS_FILE, 'applied.csv')).json()).uploadId;
    expect((await confirm(admin, applied)).statusCode).toBe(200);
    await ctx.db.update(stockUploads).set({ createdAt: sql`now() - interval '30 days'` }).where(eq(stockUploads.id, applied));
    await ctx.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, maker.user.id));

    expect((await confirm(admin, uploadId)).statusCode).toBe(403);
    const removed = await runRetentionOnce(ctx.db, { activityDays: 0, sentEmailDays: 0 });
    expect(removed.uploadPreviews).toBe(2);
    const left = (await ctx.db.select({ id: stockUploads.id }).from(stockUploads).orderBy(asc(stockUploads.id))).map((r) => r.id);
    expect(left).toEqual([fresh, applied]);
    expect((await confirm(admin, uploadId)).statusCode).toBe(404);
  });
});

import { FILE_MESSAGES } from '@common/domain/file-rules';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { sampleJpeg, samplePdf, samplePng, sampleScript, uploadForm } from '../../../../test/sample-files';
import { activityLogs, fileBlobs, files } from '../../db/schema';

const ctx = useTestApp();

let admin: TestClient;
let sales: TestClient;
let salesUserId: number;
let salesUsername: string;

beforeAll(async () => {
  admin = await new TestClient(ctx.app).signInAs(await createUser(ctx.db, { role: 'admin' }), 'admin');
  const salesUser = await createUser(ctx.db, { role: 'salesperson' });
  salesUserId = salesUser.id;
  salesUsername = salesUser.username;
  sales = await new TestClient(ctx.app).signInAs(salesUser);
});

function post(form: FormData, client = admin) {
  return client.request({ method: 'POST', url: '/api/files', payload: form });
}

async function fileCount(): Promise<number> {
  const [row] = await ctx.db.select({ n: count() }).from(files);
  return row?.n ?? 0;
}

async function folder(name: string): Promise<number> {
  return (await admin.post('/api/folders', { name })).json().id;
}

describe('uploading (pdf, jpg, jpeg, png; file required; name optional)', () => {
  it('stores a PDF with its name, type, size and a derived download URL', async () => {
    const folderId = await folder('Spec sheets');
    const pdf = await samplePdf('Calacatta spec sheet');
    const response = await post(uploadForm({ data: pdf, filename: 'calacatta.pdf', type: 'application/pdf' }, { name: 'Calacatta spec sheet', folderId: String(folderId) }));
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      name: 'Calacatta spec sheet',
      originalName: 'calacatta.pdf',
      type: 'application/pdf',
      size: pdf.length,
      folderId,
      url: `/api/files/${body.id}/download`,
    });
    const [row] = await ctx.db.select().from(files).where(eq(files.id, body.id));
    expect(row?.sha256).toBe(createHash('sha256').update(pdf).digest('hex'));
    const listed = (await sales.get(`/api/files?folderId=${folderId}`)).json();
    expect(listed).toEqual([body]);
  });

  it('takes PNG and JPEG images, named after the file when no name is given, at the root without a folder', async () => {
    const png = await post(uploadForm({ data: samplePng, filename: 'swatch.PNG' }));
    const jpg = await post(uploadForm({ data: sampleJpeg, filename: 'showroom.jpeg' }, { folderId: '' }));
    expect(png.statusCode, png.body).toBe(201);
    expect(jpg.statusCode, jpg.body).toBe(201);
    expect(png.json()).toMatchObject({ name: 'swatch.PNG', type: 'image/png', folderId: null });
    expect(jpg.json()).toMatchObject({ name: 'showroom.jpeg', type: 'image/jpeg', folderId: null });
    const root = (await sales.get('/api/files')).json().map((f: { id: number }) => f.id);
    expect(root).toEqual(expect.arrayContaining([png.json().id, jpg.json().id]));
  });

  it('keeps only the last segment of a path-like file name', async () => {
    const response = await post(uploadForm({ data: samplePng, filename: '../../etc/cron.d/evil.png' }));
    expect(response.statusCode).toBe(201);
    expect(response.json().originalName).toBe('evil.png');
  });

  it('refuses a script renamed .pdf, by its content (415), and stores nothing', async () => {
    const before = await fileCount();
    const response = await post(uploadForm({ data: sampleScript, filename: 'price-list.pdf', type: 'application/pdf' }));
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe(FILE_MESSAGES.wrongType);
    expect(await fileCount()).toBe(before);
  });

  it('refuses a large non-PDF renamed .pdf as soon as its first bytes arrive', async () => {
    const before = await fileCount();
    const data = Buffer.concat([Buffer.from('MZ'), randomBytes(300_000)]);
    const response = await post(uploadForm({ data, filename: 'setup.pdf' }));
    expect(response.statusCode).toBe(415);
    expect(await fileCount()).toBe(before);
  });

  it('refuses a PNG named .pdf: the content must match the extension', async () => {
    const response = await post(uploadForm({ data: samplePng, filename: 'chart.pdf' }));
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe(FILE_MESSAGES.contentMismatch);
  });

  it('refuses other extensions, even with allowed content', async () => {
    for (const filename of ['brochure.exe', 'image.gif', 'drawing.svg', 'noextension']) {
      const response = await post(uploadForm({ data: await samplePdf(), filename }));
      expect(response.statusCode, filename).toBe(415);
      expect(response.json().message).toBe(FILE_MESSAGES.wrongType);
    }
  });

  it('needs a file (400), refuses an empty one, and refuses two at once', async () => {
    const before = await fileCount();
    const missing = await post(uploadForm(null, { name: 'Nothing' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(FILE_MESSAGES.fileRequired);

    const empty = await post(uploadForm({ data: Buffer.alloc(0), filename: 'empty.pdf' }));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(FILE_MESSAGES.empty);

    const two = uploadForm({ data: samplePng, filename: 'one.png' });
    two.append('file', new Blob([new Uint8Array(samplePng)]), 'two.png');
    const twoResponse = await post(two);
    expect(twoResponse.statusCode).toBe(400);
    expect(twoResponse.json().message).toBe(FILE_MESSAGES.oneFileOnly);
    expect(await fileCount()).toBe(before);
  });

  it('refuses a JSON body and a folder that does not exist', async () => {
    const json = await admin.post('/api/files', { name: 'x' });
    expect(json.statusCode).toBe(415);
    const lost = await post(uploadForm({ data: samplePng, filename: 'lost.png' }, { folderId: '999999' }));
    expect(lost.statusCode).toBe(404);
    expect(lost.json().message).toBe(FILE_MESSAGES.folderNotFound);
    const bad = await post(uploadForm({ data: samplePng, filename: 'bad.png' }, { folderId: 'abc' }));
    expect(bad.statusCode).toBe(400);
  });
});

describe('downloading', () => {
  let pdf: Buffer;
  let fileId: number;

  beforeAll(async () => {
    // Several pages: over 1 MB, so the download streams in more than one slice.
    pdf = await samplePdf('Brochure', 420);
    expect(pdf.length).toBeGreaterThan(1024 * 1024);
    const response = await post(uploadForm({ data: pdf, filename: 'Cerámica brochure.pdf' }, { name: 'Brochure' }));
    expect(response.statusCode, response.body).toBe(201);
    fileId = response.json().id;
  });

  it('sends the exact bytes with type, original name, nosniff and range support', async () => {
    const response = await sales.get(`/api/files/${fileId}/download`);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(pdf)).toBe(true);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-length']).toBe(String(pdf.length));
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Ceramica brochure.pdf"; filename*=UTF-8''Cer%C3%A1mica%20brochure.pdf`,
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.etag).toBe(`"${createHash('sha256').update(pdf).digest('hex')}"`);
  });

  it('answers HEAD with the size and no body', async () => {
    const response = await sales.request({ method: 'HEAD', url: `/api/files/${fileId}/download` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBe(String(pdf.length));
    expect(response.rawPayload.length).toBe(0);
  });

  it('serves the preview inline', async () => {
    const response = await sales.get(`/api/files/${fileId}/download?inline=1`);
    expect(response.headers['content-disposition']).toMatch(/^inline; /);
    // Security review: JavaScript in an uploaded PDF must not run in our origin.
    expect(response.headers['content-security-policy']).toMatch(/(^|;\s*)sandbox(;|$)/);
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'self'");
  });

  it('serves byte ranges with 206 Partial Content', async () => {
    const range = (header: string) => sales.request({ method: 'GET', url: `/api/files/${fileId}/download`, headers: { range: header } });
    const first = await range('bytes=0-99');
    expect(first.statusCode).toBe(206);
    expect(first.headers['content-range']).toBe(`bytes 0-99/${pdf.length}`);
    expect(first.rawPayload.equals(pdf.subarray(0, 100))).toBe(true);

    // Across the 1 MB slice boundary.
    const middle = await range(`bytes=${1024 * 1024 - 10}-${1024 * 1024 + 9}`);
    expect(middle.statusCode).toBe(206);
    expect(middle.rawPayload.equals(pdf.subarray(1024 * 1024 - 10, 1024 * 1024 + 10))).toBe(true);

    const tail = await range('bytes=-16');
    expect(tail.headers['content-range']).toBe(`bytes ${pdf.length - 16}-${pdf.length - 1}/${pdf.length}`);
    expect(tail.rawPayload.equals(pdf.subarray(pdf.length - 16))).toBe(true);

    const beyond = await range(`bytes=${pdf.length}-`);
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${pdf.length}`);
  });

  it('answers 304 to a copy that is still current', async () => {
    const first = await sales.get(`/api/files/${fileId}/download`);
    const again = await sales.request({ method: 'GET', url: `/api/files/${fileId}/download`, headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('sends the whole file for several ranges, other units, junk, or a stale If-Range', async () => {
    const download = (headers: Record<string, string>) => sales.request({ method: 'GET', url: `/api/files/${fileId}/download`, headers });
    for (const range of ['bytes=0-1,5-6', 'items=0-1', 'bytes=abc', 'bytes=9-1']) {
      const whole = await download({ range });
      expect(whole.statusCode, range).toBe(200);
      expect(whole.headers['content-length'], range).toBe(String(pdf.length));
    }
    const etag = String((await sales.get(`/api/files/${fileId}/download`)).headers.etag);
    expect((await download({ range: 'bytes=0-9', 'if-range': '"an-older-copy"' })).statusCode).toBe(200);
    const piece = await download({ range: 'bytes=0-9', 'if-range': etag });
    expect(piece.statusCode).toBe(206);
    expect(piece.rawPayload.equals(pdf.subarray(0, 10))).toBe(true);
  });

  it('revalidates by If-Modified-Since too, and by ETag first when both are sent', async () => {
    const first = await sales.get(`/api/files/${fileId}/download`);
    const lastModified = String(first.headers['last-modified']);
    const download = (headers: Record<string, string>) => sales.request({ method: 'GET', url: `/api/files/${fileId}/download`, headers });
    expect((await download({ 'if-modified-since': lastModified })).statusCode).toBe(304);
    expect((await download({ 'if-modified-since': 'Thu, 01 Jan 2015 00:00:00 GMT' })).statusCode).toBe(200);
    expect((await download({ 'if-none-match': '"another"', 'if-modified-since': lastModified })).statusCode).toBe(200);
    expect((await download({ 'if-none-match': `W/${String(first.headers.etag)}` })).statusCode).toBe(304);
  });

  it('records file_downloaded once per download, not once per range', async () => {
    const downloads = async () => {
      const [row] = await ctx.db
        .select({ n: count() })
        .from(activityLogs)
        .where(and(eq(activityLogs.type, 'file_downloaded'), eq(activityLogs.userId, salesUserId)));
      return row?.n ?? 0;
    };
    const before = await downloads();
    await sales.get(`/api/files/${fileId}/download`);
    await sales.request({ method: 'GET', url: `/api/files/${fileId}/download`, headers: { range: 'bytes=5000-6000' } });
    expect(await downloads()).toBe(before + 1);
    const [latest] = await ctx.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.type, 'file_downloaded'), eq(activityLogs.userId, salesUserId)))
      .orderBy(desc(activityLogs.id));
    // The row names who downloaded it, in the user column and in the text.
    expect(latest?.description).toBe(`${salesUsername} downloaded file "Brochure"`);
    expect(latest?.metadata).toMatchObject({ fileId, name: 'Brochure' });
  });

  it('answers 404 for a file that does not exist', async () => {
    expect((await sales.get('/api/files/999999/download')).statusCode).toBe(404);
  });

  it('keeps the bytes uncompressed out of line, so a range reads only the chunks it needs', async () => {
    const result = await ctx.db.execute<{ storage: string }>(
      sql`select attstorage as storage from pg_attribute where attrelid = 'file_blobs'::regclass and attname = 'data'`,
    );
    expect(result.rows[0]?.storage).toBe('e');
  });
});

describe('deleting a file', () => {
  it('removes the metadata and the bytes', async () => {
    const id = (await post(uploadForm({ data: samplePng, filename: 'gone.png' }))).json().id;
    expect((await admin.delete(`/api/files/${id}`)).json()).toEqual({ ok: true });
    expect(await ctx.db.select().from(fileBlobs).where(eq(fileBlobs.fileId, id))).toEqual([]);
    expect((await sales.get(`/api/files/${id}/download`)).statusCode).toBe(404);
    expect((await admin.delete(`/api/files/${id}`)).statusCode).toBe(404);
  });
});

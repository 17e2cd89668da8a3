import { FILE_MESSAGES } from '@common/domain/file-rules';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { samplePdf, uploadForm } from '../../../../test/sample-files';
import { fileBlobs, files, folders, links } from '../../db/schema';

const ctx = useTestApp();

let admin: TestClient;
let sales: TestClient;
let dealer: TestClient;
let adminAsSales: TestClient;

beforeAll(async () => {
  admin = await new TestClient(ctx.app).signInAs(await createUser(ctx.db, { role: 'admin' }), 'admin');
  sales = await new TestClient(ctx.app).signInAs(await createUser(ctx.db, { role: 'salesperson' }));
  dealer = await new TestClient(ctx.app).signInAs(await createUser(ctx.db, { role: 'bold_customer' }));
  adminAsSales = await new TestClient(ctx.app).signInAs(await createUser(ctx.db, { role: 'admin' }), 'salesperson');
});

async function createFolder(name: string, parentId?: number): Promise<number> {
  const response = await admin.post('/api/folders', { name, parentId });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

async function addLink(title: string, folderId?: number) {
  const response = await admin.post('/api/links', { title, url: 'https://example.com/', folderId });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as number;
}

async function upload(folderId: number, filename: string) {
  const response = await admin.request({
    method: 'POST',
    url: '/api/files',
    payload: uploadForm({ data: await samplePdf(filename), filename }, { folderId: String(folderId) }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as number;
}

describe('permissions (admins create and delete; others view)', () => {
  it('refuses anonymous callers every call', async () => {
    const anonymous = new TestClient(ctx.app);
    for (const url of ['/api/folders', '/api/files', '/api/links', '/api/files/1/download', '/api/folders/1/contents']) {
      expect((await anonymous.get(url)).statusCode, url).toBe(401);
    }
    expect((await anonymous.post('/api/folders', { name: 'Anon' })).statusCode).toBe(401);
    expect((await anonymous.post('/api/links', { title: 'Anon', url: 'https://example.com' })).statusCode).toBe(401);
    const form = uploadForm({ data: await samplePdf(), filename: 'anon.pdf' });
    expect((await anonymous.request({ method: 'POST', url: '/api/files', payload: form })).statusCode).toBe(401);
    for (const url of ['/api/folders/1', '/api/files/1', '/api/links/1']) expect((await anonymous.delete(url)).statusCode, url).toBe(401);
  });

  it('lets salespeople, customers and admins list folders, files and links', async () => {
    for (const client of [sales, dealer, admin, adminAsSales]) {
      for (const url of ['/api/folders', '/api/files', '/api/links']) {
        expect((await client.get(url)).statusCode, url).toBe(200);
      }
    }
  });

  it('refuses to let anyone but an acting admin create or delete, and changes nothing', async () => {
    const folderId = await createFolder('Permissions');
    const linkId = await addLink('Kept link', folderId);
    const fileId = await upload(folderId, 'kept.pdf');
    for (const client of [sales, dealer, adminAsSales]) {
      expect((await client.post('/api/folders', { name: 'Nope' })).statusCode).toBe(403);
      expect((await client.post('/api/links', { title: 'Nope', url: 'https://example.com' })).statusCode).toBe(403);
      const uploadResponse = await client.request({
        method: 'POST',
        url: '/api/files',
        payload: uploadForm({ data: await samplePdf(), filename: 'nope.pdf' }),
      });
      expect(uploadResponse.statusCode).toBe(403);
      expect((await client.delete(`/api/folders/${folderId}`)).statusCode).toBe(403);
      expect((await client.delete(`/api/links/${linkId}`)).statusCode).toBe(403);
      expect((await client.delete(`/api/files/${fileId}`)).statusCode).toBe(403);
    }
    const [folderCount] = await ctx.db.select({ n: count() }).from(folders).where(eq(folders.name, 'Nope'));
    expect(folderCount?.n).toBe(0);
    expect(await ctx.db.select().from(links).where(eq(links.id, linkId))).toHaveLength(1);
    expect(await ctx.db.select().from(files).where(eq(files.id, fileId))).toHaveLength(1);
    expect((await sales.get(`/api/files?folderId=${folderId}`)).json().map((f: { name: string }) => f.name)).toEqual(['kept.pdf']);
  });
});

describe('folders', () => {
  it('creates nested folders and lists them all with their parents', async () => {
    const parent = await createFolder('Catalogues');
    const child = await createFolder('  2026  ', parent);
    const listed = (await sales.get('/api/folders')).json() as { id: number; name: string; parentId: number | null }[];
    expect(listed).toContainEqual(expect.objectContaining({ id: parent, name: 'Catalogues', parentId: null }));
    expect(listed).toContainEqual(expect.objectContaining({ id: child, name: '2026', parentId: parent }));
  });

  it('needs a non-blank name', async () => {
    for (const name of ['', '   ', undefined]) {
      const response = await admin.post('/api/folders', { name });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(FILE_MESSAGES.folderNameRequired);
    }
  });

  it('refuses a parent that does not exist and a name already used beside it', async () => {
    const missing = await admin.post('/api/folders', { name: 'Orphan', parentId: 999_999 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(FILE_MESSAGES.folderNotFound);

    const parent = await createFolder('Siblings');
    await createFolder('Tiles', parent);
    const duplicate = await admin.post('/api/folders', { name: 'TILES', parentId: parent });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe(FILE_MESSAGES.folderNameTaken);
    // The same name elsewhere is fine.
    await createFolder('Tiles');
  });

  it('answers 404 for a folder that does not exist', async () => {
    expect((await admin.delete('/api/folders/999999')).statusCode).toBe(404);
    expect((await sales.get('/api/folders/999999/contents')).statusCode).toBe(404);
    expect((await sales.get('/api/folders/abc/contents')).statusCode).toBe(400);
  });
});

describe('deleting a folder (docs/product-decisions.md: after a confirmation that says how much)', () => {
  it('counts what is inside, then removes subfolders, files, their bytes and links in one go', async () => {
    const top = await createFolder('To delete');
    const middle = await createFolder('Middle', top);
    const bottom = await createFolder('Bottom', middle);
    const fileIds = [await upload(top, 'a.pdf'), await upload(bottom, 'b.pdf')];
    await addLink('Top link', top);
    await addLink('Bottom link', bottom);
    const bystander = await createFolder('Bystander');
    const bystanderFile = await upload(bystander, 'stays.pdf');
    const bystanderLink = await addLink('Stays', bystander);

    const contents = await sales.get(`/api/folders/${top}/contents`);
    expect(contents.statusCode).toBe(200);
    const sizes = await ctx.db.select({ size: files.size }).from(files).where(eq(files.folderId, top));
    const bottomSizes = await ctx.db.select({ size: files.size }).from(files).where(eq(files.folderId, bottom));
    const bytes = [...sizes, ...bottomSizes].reduce((sum, f) => sum + f.size, 0);
    expect(contents.json()).toEqual({ folders: 2, files: 2, links: 2, bytes });

    const deleted = await admin.delete(`/api/folders/${top}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ ok: true, deleted: { folders: 2, files: 2, links: 2, bytes } });

    for (const id of [top, middle, bottom]) expect(await ctx.db.select().from(folders).where(eq(folders.id, id))).toEqual([]);
    for (const id of fileIds) {
      expect(await ctx.db.select().from(files).where(eq(files.id, id))).toEqual([]);
      expect(await ctx.db.select().from(fileBlobs).where(eq(fileBlobs.fileId, id))).toEqual([]);
      expect((await sales.get(`/api/files/${id}/download`)).statusCode).toBe(404);
    }
    expect(await ctx.db.select().from(links).where(eq(links.folderId, bottom))).toEqual([]);

    expect(await ctx.db.select().from(files).where(eq(files.id, bystanderFile))).toHaveLength(1);
    expect(await ctx.db.select().from(links).where(eq(links.id, bystanderLink))).toHaveLength(1);
  });
});

describe('links (title and URL required; docs/product-decisions.md: http or https)', () => {
  it('creates a link in a folder and lists it there, not at the root', async () => {
    const folderId = await createFolder('Links here');
    const response = await admin.post('/api/links', {
      title: ' Installer guide ',
      url: ' https://example.com/guide ',
      description: 'How to set large tiles',
      folderId,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ title: 'Installer guide', url: 'https://example.com/guide', description: 'How to set large tiles', folderId });
    const inFolder = (await dealer.get(`/api/links?folderId=${folderId}`)).json();
    expect(inFolder.map((l: { title: string }) => l.title)).toEqual(['Installer guide']);
    const atRoot = (await dealer.get('/api/links')).json();
    expect(atRoot.map((l: { title: string }) => l.title)).not.toContain('Installer guide');
  });

  it('keeps an empty description as none', async () => {
    const response = await admin.post('/api/links', { title: 'Bare', url: 'http://example.com', description: '  ' });
    expect(response.statusCode).toBe(201);
    expect(response.json().description).toBeNull();
  });

  it('needs a title and a URL', async () => {
    for (const body of [{ url: 'https://example.com' }, { title: 'No URL' }, { title: '  ', url: 'https://example.com' }, { title: 'Blank', url: ' ' }, {}]) {
      const response = await admin.post('/api/links', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toBe(FILE_MESSAGES.titleAndUrlRequired);
    }
  });

  it('accepts only http and https URLs', async () => {
    for (const url of ['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'ftp://example.com/x', '/price-list.pdf', 'example.com']) {
      const response = await admin.post('/api/links', { title: 'Bad', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message).toBe(FILE_MESSAGES.httpOnly);
    }
    const [bad] = await ctx.db.select({ n: count() }).from(links).where(eq(links.title, 'Bad'));
    expect(bad?.n).toBe(0);
  });

  it('refuses a folder that does not exist', async () => {
    const response = await admin.post('/api/links', { title: 'Lost', url: 'https://example.com', folderId: 999_999 });
    expect(response.statusCode).toBe(404);
  });

  it('deletes a link, and answers 404 for one that is gone', async () => {
    const id = await addLink('Short-lived');
    expect((await admin.delete(`/api/links/${id}`)).json()).toEqual({ ok: true });
    expect((await admin.delete(`/api/links/${id}`)).statusCode).toBe(404);
  });
});

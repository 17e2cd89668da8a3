import { STOCK_UPLOAD_MESSAGES } from '@common/domain/stock-uploads';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { createUser, useTestApp } from '../../../../test/api';
import { stockUploads, systemSettings } from '../../db/schema';
import { SYSTEM_ORIGIN, type Actor } from '../../lib/actor';
import { HttpError } from '../../lib/http-error';
import type { ReceivedFile } from '../../lib/upload';
import { createImportsService, RefusedAtConfirm, type ImportKind } from './index';

/*
 * The imports module's own interface (docs/decisions/0220), with a kind made for the test: its
 * apply writes a real row (system_settings) in the confirm's transaction, so a rolled-back confirm
 * shows. The kinds of the portal are tested through their routes (stock, lots, merchandise).
 */
const ctx = useTestApp();

const KEY = 'imports-test-applied';
const file = (text: string, filename = 'loads.csv'): ReceivedFile => ({ filename, data: Buffer.from(text), kind: 'csv', sha256: '' });

/** A test kind: a file whose text is "bad" is refused; "fail" passes the preview and fails at its apply, after writing. */
function testKind(applied: { count: number }): ImportKind<{ uploadId: number; lines: number }, { lines: number }> {
  return {
    name: 'incoming',
    async preview(_actor, received) {
      const text = received.data.toString();
      if (text === 'bad') {
        const body = { message: 'refused', schemaErrors: [{ row: 1, message: 'bad file' }], validationIssues: [], nulledFields: [], moreIssues: 0 };
        return { ok: false, body, refused: { filename: received.filename, data: Buffer.alloc(0), problems: body.schemaErrors, problemCount: 1 } };
      }
      const lines = text.split('\n').length;
      return { ok: true, keep: { filename: received.filename, data: received.data, counts: { rows: lines, skus: 1 }, digest: 'seen' }, answer: (uploadId) => ({ uploadId, lines }) };
    },
    async apply(tx, { kept }) {
      await tx.insert(systemSettings).values({ key: `${KEY}-${kept.id}`, value: kept.digest });
      if (kept.data.toString() === 'fail') throw new HttpError(409, 'changed since');
      if (kept.data.toString() === 'refuse') throw new RefusedAtConfirm({ message: 'refused now', schemaErrors: [], validationIssues: [], nulledFields: [], moreIssues: 0 });
      applied.count += 1;
      return { response: { lines: 1 }, counts: { rows: 1, skus: 1, applied: 1 } };
    },
  };
}

async function actor(): Promise<Actor> {
  const user = await createUser(ctx.db, { role: 'admin' });
  return { ...SYSTEM_ORIGIN, userId: user.id, username: user.username, email: null, role: 'admin' };
}

const rowOf = async (id: number) => (await ctx.db.select().from(stockUploads).where(eq(stockUploads.id, id)))[0]!;
const writtenBy = async (id: number) => ctx.db.select().from(systemSettings).where(eq(systemSettings.key, `${KEY}-${id}`));

beforeEach(async () => {
  await ctx.db.delete(stockUploads);
});

describe('imports pipeline', () => {
  it('keeps a preview, applies it once on confirm, and refuses the second confirm', async () => {
    const applied = { count: 0 };
    const imports = createImportsService(ctx.db).register(testKind(applied));
    const who = await actor();
    const preview = await imports.preview(who, file('a\nb'));
    if (!preview.ok) throw new Error('expected a preview');
    expect(preview.preview.lines).toBe(2);
    expect(await rowOf(preview.preview.uploadId)).toMatchObject({ kind: 'incoming', status: 'previewed', digest: 'seen', counts: { rows: 2, skus: 1 } });

    const first = await imports.confirm(who, preview.preview.uploadId);
    expect(first).toEqual({ ok: true, response: { lines: 1 } });
    await expect(imports.confirm(who, preview.preview.uploadId)).rejects.toMatchObject({ statusCode: 409, message: STOCK_UPLOAD_MESSAGES.alreadyDecided });
    // Two confirms at once: one applies, the other waits for the held row and is refused.
    const again = await imports.preview(who, file('c'));
    if (!again.ok) throw new Error('expected a preview');
    const both = await Promise.allSettled([imports.confirm(who, again.preview.uploadId), imports.confirm(who, again.preview.uploadId)]);
    expect(both.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(applied.count, 'each preview applied exactly once').toBe(2);
    expect(await rowOf(preview.preview.uploadId)).toMatchObject({ status: 'applied', decidedBy: who.username, counts: { rows: 1, skus: 1, applied: 1 } });
  });

  it('a cancelled preview cannot be confirmed, and a preview is confirmed only as its own kind and by whoever made it', async () => {
    const applied = { count: 0 };
    const imports = createImportsService(ctx.db).register(testKind(applied));
    const who = await actor();
    const preview = await imports.preview(who, file('a'));
    if (!preview.ok) throw new Error('expected a preview');
    await expect(imports.confirm(await actor(), preview.preview.uploadId)).rejects.toMatchObject({ statusCode: 403 });
    await imports.cancel(who, preview.preview.uploadId);
    await expect(imports.confirm(who, preview.preview.uploadId)).rejects.toMatchObject({ statusCode: 409, message: STOCK_UPLOAD_MESSAGES.alreadyDecided });
    await expect(imports.cancel(who, preview.preview.uploadId)).rejects.toMatchObject({ statusCode: 409 });
    expect(applied.count).toBe(0);
    expect(await writtenBy(preview.preview.uploadId)).toEqual([]);
    await expect(imports.confirm(who, 999_999)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('a confirm that fails rolls back the apply step, and the history still says previewed', async () => {
    const applied = { count: 0 };
    const imports = createImportsService(ctx.db).register(testKind(applied));
    const who = await actor();
    for (const text of ['fail', 'refuse']) {
      const preview = await imports.preview(who, file(text));
      if (!preview.ok) throw new Error('expected a preview');
      const outcome = imports.confirm(who, preview.preview.uploadId);
      if (text === 'fail') await expect(outcome).rejects.toMatchObject({ statusCode: 409, message: 'changed since' });
      else expect(await outcome).toEqual({ ok: false, body: expect.objectContaining({ message: 'refused now' }) });
      expect(await writtenBy(preview.preview.uploadId), 'the apply step wrote nothing that stayed').toEqual([]);
      expect(await rowOf(preview.preview.uploadId)).toMatchObject({ status: 'previewed', decidedAt: null });
    }
    expect(applied.count).toBe(0);
  });

  it('the history lists every kind with who, when and result, rejected files with their problems', async () => {
    const service = createImportsService(ctx.db);
    const imports = service.register(testKind({ count: 0 }));
    expect(() => service.register(testKind({ count: 0 })), 'a kind registers once').toThrow(/registered twice/);
    const who = await actor();
    const refused = await imports.preview(who, file('bad', 'bad.csv'));
    expect(refused.ok).toBe(false);
    const kept = await imports.preview(who, file('a', 'kept.csv'));
    const done = await imports.preview(who, file('b', 'done.csv'));
    if (!kept.ok || !done.ok) throw new Error('expected previews');
    await imports.confirm(who, done.preview.uploadId);
    await ctx.db.transaction((tx) => imports.recordApplied(tx, who, { filename: 'erp.csv', data: Buffer.from('x'), counts: { rows: 1, skus: 1 } }));

    const history = await service.history();
    expect(history.map((u) => [u.filename, u.kind, u.status, u.username])).toEqual([
      ['erp.csv', 'incoming', 'applied', who.username],
      ['done.csv', 'incoming', 'applied', who.username],
      ['kept.csv', 'incoming', 'previewed', who.username],
      ['bad.csv', 'incoming', 'rejected', who.username],
    ]);
    expect(history[3]).toMatchObject({ problemCount: 1, problems: [{ row: 1, message: 'bad file' }], decidedBy: who.username });
    expect(history[1]!.decidedAt).not.toBeNull();
    expect(await service.history('stock')).toEqual([]);
    expect((await service.file(kept.preview.uploadId)).data.toString()).toBe('a');
    // The history's Cancel works for every listed kind.
    expect(await service.cancel(who, kept.preview.uploadId)).toMatchObject({ id: kept.preview.uploadId, kind: 'incoming', status: 'cancelled' });
  });
});

import { count } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { tooLargeMessage } from '@common/domain/file-rules';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { uploadForm } from '../../../../test/sample-files';
import { files } from '../../db/schema';

// A small limit keeps the test quick; the default is 25 MB (README).
const ctx = useTestApp({ MAX_UPLOAD_MB: '1' });

describe('upload size limit (MAX_UPLOAD_MB)', () => {
  it('answers 413 past the limit and stores nothing', async () => {
    const admin = await new TestClient(ctx.app).signInAs(await createUser(ctx.db, { role: 'admin' }), 'admin');
    const tooBig = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(1024 * 1024 + 10)]);
    const response = await admin.request({ method: 'POST', url: '/api/files', payload: uploadForm({ data: tooBig, filename: 'huge.pdf' }) });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(tooLargeMessage(1));
    const [row] = await ctx.db.select({ n: count() }).from(files);
    expect(row?.n).toBe(0);

    const justUnder = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(1024 * 1024 - 100)]);
    const ok = await admin.request({ method: 'POST', url: '/api/files', payload: uploadForm({ data: justUnder, filename: 'fits.pdf' }) });
    expect(ok.statusCode, ok.body).toBe(201);
  });
});

import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { get } from 'node:http';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../../plugins/errors';
import { EXPORT_ABORTED_LOG, sendExport } from './export-response';
import type { ExportLine } from './repository';

/**
 * docs/decisions/0205: an export that fails before its first line is an error answer, and one that
 * fails mid-file is logged and cut off, never a file that ends as if it were complete. The lines
 * come from a failing source here; everything between it and the socket is the real code.
 */
const logged: { level: number; msg: string }[] = [];
let app: FastifyInstance;
let base = '';

const at = new Date('2025-03-04T05:06:07Z');
const line = (id: number) =>
  ({
    order: { id, createdAt: at, updatedAt: at, status: 'submitted', kind: 'purchase', username: 'dealer', total: '1.00' },
    lineType: 'product',
    code: String(id),
    name: `Tile ${id}`,
    quantity: 1,
    price: '1.00',
  }) as unknown as ExportLine;

async function* failingAfter(count: number): AsyncGenerator<ExportLine> {
  for (let id = 1; id <= count; id += 1) yield line(id);
  throw new Error('the database went away');
}

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const text of String(chunk).split('\n').filter(Boolean)) logged.push(JSON.parse(text) as { level: number; msg: string });
      done();
    },
  });
  app = Fastify({ logger: { level: 'warn', stream } });
  registerErrorHandling(app);
  await app.register(compress, { threshold: 1024 });
  app.get<{ Querystring: { format: 'csv' | 'xlsx'; lines: string } }>('/export', (request, reply) =>
    sendExport(request, reply, request.query.format, failingAfter(Number(request.query.lines)), 'orders'),
  );
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => app.close());

/** A download over a real socket: how it ended, as a browser would see it. */
function download(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; type: string; ended: 'complete' | 'aborted'; bytes: number }>((resolve) => {
    const request = get(`${base}${path}`, { headers }, (response) => {
      let bytes = 0;
      const done = (ended: 'complete' | 'aborted') => resolve({ status: response.statusCode ?? 0, type: String(response.headers['content-type']), ended, bytes });
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => done(response.complete ? 'complete' : 'aborted'));
      response.on('error', () => done('aborted'));
    });
    request.on('error', () => resolve({ status: 0, type: '', ended: 'aborted', bytes: 0 }));
  });
}

describe('sendExport', () => {
  it.each(['csv', 'xlsx'])('answers an error, not a file, when the first line already fails (%s)', async (format) => {
    const answer = await download(`/export?format=${format}&lines=0`);
    expect(answer.status).toBe(500);
    expect(answer.type).toContain('application/json');
    expect(answer.ended).toBe('complete');
  });

  it.each([
    ['csv', {}],
    ['csv', { 'accept-encoding': 'gzip' }],
    ['xlsx', {}],
  ])('cuts a %s download off (%j) and logs why when a line fails mid-file', async (format, headers) => {
    logged.length = 0;
    const answer = await download(`/export?format=${format}&lines=1200`, headers);
    expect(answer.status).toBe(200);
    expect(answer.bytes).toBeGreaterThan(0);
    expect(answer.ended).toBe('aborted');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(logged.some((entry) => entry.level >= 50 && entry.msg === EXPORT_ABORTED_LOG)).toBe(true);
  });
});

import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { Writable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../../../test/db';
import { openDatabase } from '../db/client';
import { healthRoutes } from '../modules/health';
import { OUTAGE_LOG_INTERVAL_MS, registerErrorHandling } from './errors';

/** Security review, low: database errors carried query parameters into the log; two errors were swallowed unlogged. */
function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, stream };
}

describe('logged database errors', () => {
  it('keep the SQL and the code but never the query parameters', async () => {
    const database = await createTestDatabase();
    const { lines, stream } = capture();
    const app = Fastify({ logger: { level: 'info', stream } });
    registerErrorHandling(app);
    const secret = 'scrypt$32768$8$1$c2VjcmV0LWhhc2g';
    app.get('/boom', async () => database.db.execute(sql`select ${secret}::int as n`));
    try {
      const response = await app.inject({ method: 'GET', url: '/boom' });
      expect(response.statusCode).toBe(500);
      expect(response.body).not.toContain(secret);
      const log = lines.join('');
      expect(log).toContain('unhandled error');
      expect(log).toContain('22P02');
      expect(log).not.toContain(secret);
      expect(log).not.toContain('c2VjcmV0LWhhc2g');
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('an outage', () => {
  it('is one warning line per second, counting the alike 503s, without a stack per request', async () => {
    const { lines, stream } = capture();
    const app = Fastify({ logger: { level: 'info', stream } });
    registerErrorHandling(app);
    app.get('/down', async () => {
      throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    });
    // The test's own clock: the count, not the machine's speed, decides the lines.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-11-25T12:00:00Z'));
      const first = await Promise.all(Array.from({ length: 40 }, () => app.inject({ method: 'GET', url: '/down' })));
      expect(first.every((r) => r.statusCode === 503 && r.headers['retry-after'] === '5')).toBe(true);
      vi.setSystemTime(new Date(Date.now() + OUTAGE_LOG_INTERVAL_MS));
      expect((await app.inject({ method: 'GET', url: '/down' })).statusCode).toBe(503);
      const warnings = lines.map((l) => JSON.parse(l) as { msg: string; alikeSinceLastLine?: number; error?: { code?: string; stack?: string } });
      const outage = warnings.filter((w) => w.msg === 'database down: answered 503');
      expect(outage.map((w) => w.alikeSinceLastLine)).toEqual([0, 39]);
      expect(outage[0]?.error?.code).toBe('57P01');
      expect(outage[0]?.error?.stack).toBeUndefined();
    } finally {
      vi.useRealTimers();
      await app.close();
    }
  });
});

describe('errors that used to be swallowed', () => {
  it('the health check logs why the database did not answer', async () => {
    const database = await createTestDatabase();
    const { lines, stream } = capture();
    const app = Fastify({ logger: { level: 'info', stream } }).withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(healthRoutes, { db: database.db });
    await database.pool.end();
    try {
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(lines.join('')).toContain('health check: the database did not answer');
    } finally {
      await app.close();
      await database.close().catch(() => {});
    }
  });

  it('an idle connection that fails is logged, not ignored', async () => {
    const database = openDatabase('postgres://nobody@127.0.0.1:1/none');
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      database.pool.emit('error', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }));
      expect(spy).toHaveBeenCalledWith(expect.stringContaining('57P01'));
    } finally {
      spy.mockRestore();
      await database.close();
    }
  });
});

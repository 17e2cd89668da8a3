import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/db';
import { registerErrorHandling, TRANSIENT_CONFLICT_MESSAGE } from './errors';

/**
 * A transaction PostgreSQL rolls back against another writer (a real deadlock here) saved nothing
 * and may be sent again: 503 with Retry-After and a sentence, never a 500 (docs/decisions/0207).
 */
describe('a transaction rolled back by a deadlock', () => {
  it('answers 503 with Retry-After and a sentence, and the loser wrote nothing', async () => {
    const database = await createTestDatabase();
    const { db } = database;
    await db.execute(sql`create table conflict_probe (id int primary key, n int not null)`);
    await db.execute(sql`insert into conflict_probe values (1, 0), (2, 0)`);
    const app = Fastify();
    registerErrorHandling(app);
    // Each route takes the two rows in the opposite order, pausing between them, so the two meet.
    const crossing = (first: number, second: number) => async () =>
      db.transaction(async (tx) => {
        await tx.execute(sql`update conflict_probe set n = n + 1 where id = ${first}`);
        await tx.execute(sql`select pg_sleep(0.3)`);
        await tx.execute(sql`update conflict_probe set n = n + 1 where id = ${second}`);
        return { ok: true };
      });
    app.post('/one-then-two', crossing(1, 2));
    app.post('/two-then-one', crossing(2, 1));
    try {
      const answers = await Promise.all([
        app.inject({ method: 'POST', url: '/one-then-two' }),
        app.inject({ method: 'POST', url: '/two-then-one' }),
      ]);
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes).toEqual([200, 503]);
      const refused = answers.find((a) => a.statusCode === 503)!;
      expect(refused.headers['retry-after']).toBe('1');
      expect(refused.json()).toEqual({ message: TRANSIENT_CONFLICT_MESSAGE });
      // Only the winner's two increments are there: the loser's first update was rolled back.
      const rows = await db.execute<{ n: number }>(sql`select sum(n)::int as n from conflict_probe`);
      expect(rows.rows[0]?.n).toBe(2);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

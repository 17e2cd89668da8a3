import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/db';
import { productTombstones } from '../db/schema';
import { QUEUES } from '../lib/jobs';
import { pruneTombstonesOnce } from './prune-tombstones';
import { SCHEDULES } from './runner';

/** Field mode's tombstones (docs/decisions/0228, 0234): kept the 30 days the changes feed promises, then dropped. */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.close());

const daysAgo = (days: number) => sql`now() - make_interval(days => ${days})`;

it('drops the tombstones older than the changes feed keeps them, and only those', async () => {
  await database.db.insert(productTombstones).values([
    { id: 1, deletedAt: daysAgo(400) },
    { id: 2, deletedAt: daysAgo(32) },
    { id: 3, deletedAt: daysAgo(30) },
    { id: 4, deletedAt: daysAgo(1) },
    { id: 5, deletedAt: daysAgo(0) },
  ]);
  expect(await pruneTombstonesOnce(database.db)).toBe(2);
  const left = await database.db.select({ id: productTombstones.id }).from(productTombstones).orderBy(productTombstones.id);
  expect(left.map((r) => r.id)).toEqual([3, 4, 5]);
  // A second run finds nothing more.
  expect(await pruneTombstonesOnce(database.db)).toBe(0);
});

it('runs daily as a pg-boss schedule whose queue the migrations create', async () => {
  expect(SCHEDULES[QUEUES.pruneTombstones]).toMatch(/^\d+ \d+ \* \* \*$/);
  const queues = await database.pool.query(`select name from pgboss.queue where name = $1`, [QUEUES.pruneTombstones]);
  expect(queues.rowCount).toBe(1);
});

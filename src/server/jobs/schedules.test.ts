import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/db';
import { QUEUES } from '../lib/jobs';
import { createBoss } from './runner';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.close());

const waitMs = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('runs a scheduled job once per period across three servers', async () => {
  // Three servers' pg-boss on one database, their clocks checked every second instead of every 30 s.
  const servers = [0, 1, 2].map(() => createBoss(database, { cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1 }));
  const runs: { server: number; minute: number }[] = [];
  try {
    for (const [index, boss] of servers.entries()) {
      await boss.start();
      // Every minute, as arrival notices are (SCHEDULES in runner.ts); each server schedules it, as main.ts does.
      await boss.schedule(QUEUES.arrivalNotices, '* * * * *');
      await boss.work(QUEUES.arrivalNotices, { pollingIntervalSeconds: 0.5 }, async () => {
        runs.push({ server: index, minute: Math.floor(Date.now() / 60_000) });
      });
    }
    // Every server's clock has looked at the schedule several times by now.
    const deadline = Date.now() + 20_000;
    while (runs.length === 0 && Date.now() < deadline) await waitMs(250);
    await waitMs(4_000);
    // One run per minute, whichever server took it (a test that spans a minute's end sees two minutes).
    expect(runs.length).toBeGreaterThan(0);
    const minutes = new Set(runs.map((r) => r.minute));
    expect(runs.length).toBe(minutes.size);
    const jobs = await database.pool.query(`select count(*)::int as n from pgboss.job where name = $1`, [QUEUES.arrivalNotices]);
    expect(jobs.rows[0].n).toBe(minutes.size);
  } finally {
    await Promise.all(servers.map((boss) => boss.stop({ graceful: true, close: false, timeout: 1_000 })));
  }
}, 60_000);

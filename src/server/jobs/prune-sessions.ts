import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { ActivityService } from '../modules/activity';
import { pruneExpiredSessions } from '../plugins/session-store';

const EVERY_MS = 15 * 60 * 1000;

/** Deletes expired sessions and records a session_timeout for each signed-in one. */
export async function pruneSessionsOnce(db: Db, activity: ActivityService): Promise<number> {
  const removed = await pruneExpiredSessions(db);
  await activity.recordSystem(
    removed
      .filter((s) => s.userId !== null)
      .map((s) => ({
        type: 'session_timeout' as const,
        description: 'Session expired after inactivity',
        userId: s.userId,
        metadata: { expiredAt: s.expire.toISOString() },
      })),
  );
  return removed.length;
}

/** Prunes now and every 15 minutes; returns a stop function. */
export function startSessionPruning(db: Db, activity: ActivityService, log: FastifyBaseLogger): () => void {
  const run = () =>
    pruneSessionsOnce(db, activity).then(
      (n) => n > 0 && log.info({ removed: n }, 'pruned expired sessions'),
      (err: unknown) => log.warn({ err }, 'session pruning failed'),
    );
  void run();
  const timer = setInterval(run, EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}

import type { Db } from '../db/client';
import type { ActivityService } from '../modules/activity';
import { pruneExpiredSessions } from '../plugins/session-store';

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

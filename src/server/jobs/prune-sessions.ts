import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { pruneExpiredSessions } from '../plugins/session-store';

const EVERY_MS = 15 * 60 * 1000;

/** Deletes expired sessions now and every 15 minutes; returns a stop function. */
export function startSessionPruning(db: Db, log: FastifyBaseLogger): () => void {
  const run = () =>
    pruneExpiredSessions(db).then(
      (n) => n > 0 && log.info({ removed: n }, 'pruned expired sessions'),
      (err: unknown) => log.warn({ err }, 'session pruning failed'),
    );
  void run();
  const timer = setInterval(run, EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}

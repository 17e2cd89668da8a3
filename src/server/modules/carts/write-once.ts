import type { Db, DbOrTx } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { HttpError } from '../../lib/http-error';
import * as repo from './repository';

export interface Idempotency {
  key: string;
  /** The operation and its body: the same key with another request is refused. */
  request: string;
}

/** The key with a description of the request it belongs to (the operation and its body). */
export function idempotencyOf(key: string | undefined, operation: string, body: unknown): Idempotency | undefined {
  return key === undefined ? undefined : { key, request: `${operation} ${JSON.stringify(body)}` };
}

/**
 * Runs a cart write in one transaction; with an Idempotency-Key the answer is
 * stored with it, and the same key again answers the stored answer without
 * writing (a retry whose first answer was lost, ADR 0060). The key claim and
 * the write commit together, so a write is never counted twice nor lost.
 */
export async function writeOnce<T>(
  db: Db,
  actor: Actor,
  idempotency: Idempotency | undefined,
  work: (tx: DbOrTx) => Promise<T>,
): Promise<T> {
  if (!idempotency) return db.transaction(work);
  return db.transaction(async (tx) => {
    if (!(await repo.claimIdempotencyKey(tx, actor.userId, idempotency.key, idempotency.request))) {
      const earlier = await repo.findIdempotentAnswer(tx, actor.userId, idempotency.key);
      if (earlier && earlier.request !== idempotency.request) {
        throw new HttpError(409, 'This Idempotency-Key was already used for a different request');
      }
      return earlier?.response as T;
    }
    const answer = await work(tx);
    await repo.saveIdempotentAnswer(tx, actor.userId, idempotency.key, answer);
    return answer;
  });
}

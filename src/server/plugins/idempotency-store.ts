import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema';

/** A day, as Stripe keeps them: a retry comes within seconds or minutes, never a day later (ADR 0182). */
export const IDEMPOTENCY_KEEP_HOURS = 24;
/**
 * How long a claim holds its key before another request may take it over: longer than any request
 * may run (HTTP_REQUEST_TIMEOUT_MS, default 2 minutes), so only a crashed server's claim expires.
 */
export const IDEMPOTENCY_LEASE_SECONDS = 600;

export interface StoredAnswer {
  statusCode: number;
  contentType: string | null;
  body: string | null;
}

export type ClaimOutcome =
  | { kind: 'claimed' }
  | { kind: 'answered'; answer: StoredAnswer }
  | { kind: 'in-progress' }
  | { kind: 'different-request' };

interface Row extends Record<string, unknown> {
  claimed: boolean;
  request_hash: string;
  status_code: number | null;
  content_type: string | null;
  body: string | null;
}

/**
 * One statement: insert the claim, or take over a key whose day is over or whose owner's lease ran
 * out (a crashed server); otherwise read what is there. The primary key makes two requests with one
 * key see each other: exactly one inserts.
 */
export async function claimKey(db: Db, actor: string, key: string, requestHash: string, claim: string): Promise<ClaimOutcome> {
  const result = await db.execute<Row>(sql`
    with taken as (
      insert into idempotency_keys as k (actor, key, request_hash, claim, locked_until)
      values (${actor}, ${key}, ${requestHash}, ${claim}, now() + make_interval(secs => ${IDEMPOTENCY_LEASE_SECONDS}))
      on conflict (actor, key) do update set
        request_hash = excluded.request_hash, claim = excluded.claim, locked_until = excluded.locked_until,
        status_code = null, content_type = null, body = null, created_at = now()
      where k.created_at < now() - make_interval(hours => ${IDEMPOTENCY_KEEP_HOURS})
         or (k.status_code is null and k.locked_until < now())
      returning true as claimed, request_hash, status_code, content_type, body
    )
    select * from taken
    union all
    select false, request_hash, status_code, content_type, body from idempotency_keys
    where actor = ${actor} and key = ${key} and not exists (select 1 from taken)`);
  const row = result.rows[0];
  // Deleted between the insert's conflict and the read (retention): as good as free, try again.
  if (!row) return claimKey(db, actor, key, requestHash, claim);
  if (row.claimed) return { kind: 'claimed' };
  if (row.request_hash !== requestHash) return { kind: 'different-request' };
  if (row.status_code === null) return { kind: 'in-progress' };
  return { kind: 'answered', answer: { statusCode: row.status_code, contentType: row.content_type, body: row.body } };
}

/** Keeps the answer for the key's day; only the claim's owner writes it. */
export async function saveAnswer(db: Db, actor: string, key: string, claim: string, answer: StoredAnswer): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ ...answer, lockedUntil: null })
    .where(and(eq(idempotencyKeys.actor, actor), eq(idempotencyKeys.key, key), eq(idempotencyKeys.claim, claim)));
}

/** Gives the key back (the request failed on our side): a retry runs the request again. */
export async function releaseKey(db: Db, actor: string, key: string, claim: string): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.actor, actor), eq(idempotencyKeys.key, key), eq(idempotencyKeys.claim, claim)));
}

import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type pg from 'pg';
import type { Db } from '../db/client';

/**
 * The portal's one limiter library: rate-limiter-flexible's PostgreSQL store, so every app server
 * shares the counts (docs/decisions/0222-one-limiter-library.md). All limiters share the table
 * `rate_limits`, created by migration 0031 rather than by the library at run time; each limiter's
 * keys start with its name. Expired rows are deleted by the retention job (jobs/retention.ts), not
 * by a timer in every limiter of every server.
 */
export const RATE_LIMITS_TABLE = 'rate_limits';

export interface LimiterOptions {
  /** Prefix of this limiter's keys in the shared table; one name per limit. */
  name: string;
  /** Points a key may consume in one window; consuming more is refused. */
  points: number;
  /** The window, fixed from the key's first point in it. */
  durationSeconds: number;
  /** When set, the point that goes past `points` blocks the key this long (not extended by later points). */
  blockSeconds?: number;
}

export type Limiter = RateLimiterPostgres;

/** The pool under drizzle's handle: the library runs its own statements on it. */
function poolOf(db: Db): pg.Pool {
  const pool = (db as Db & { $client?: pg.Pool }).$client;
  if (!pool) throw new Error('rate limits need a database opened with openDatabase (a pool)');
  return pool;
}

export function createLimiter(db: Db, options: LimiterOptions): Limiter {
  return new RateLimiterPostgres({
    storeClient: poolOf(db),
    // Our pool is a subclass the library does not recognise by name.
    storeType: 'pool',
    tableName: RATE_LIMITS_TABLE,
    tableCreated: true,
    clearExpiredByTimeout: false,
    keyPrefix: options.name,
    points: options.points,
    duration: options.durationSeconds,
    blockDuration: options.blockSeconds ?? 0,
  });
}

/** Whole seconds until the key's window (or block) ends, at least 1: a Retry-After value. */
export function secondsUntilNext(res: Pick<RateLimiterRes, 'msBeforeNext'>): number {
  return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
}

export interface Verdict {
  allowed: boolean;
  /** When refused: seconds until the key may try again. */
  retryAfterSeconds: number;
}

/**
 * Takes one point: allowed, or refused with when to come back. The library refuses by rejecting
 * with its result; any other rejection (the database) is a fault and is thrown.
 */
export async function take(limiter: Limiter, key: string | number): Promise<Verdict> {
  try {
    await limiter.consume(key);
    return { allowed: true, retryAfterSeconds: 0 };
  } catch (refusal) {
    if (refusal instanceof RateLimiterRes) return { allowed: false, retryAfterSeconds: secondsUntilNext(refusal) };
    throw refusal;
  }
}


import type { Db } from '../../db/client';
import { createLimiter, take, type Limiter, type Verdict } from '../../lib/rate-limits';

export type RateVerdict = Verdict;

/**
 * The browser's activity reports, limited per account rather than per session
 * (each new sign-in got a fresh 60 a minute), in a fixed one-minute window of the shared
 * limiter table (lib/rate-limits.ts), so the limit holds across servers.
 * Handed to the activity routes by app.ts.
 */
export function activityReportLimit(db: Db): (userId: number, perMinute: number) => Promise<RateVerdict> {
  // One limiter per limit value (the routes pass one constant).
  const limiters = new Map<number, Limiter>();
  return (userId, perMinute) => {
    let limiter = limiters.get(perMinute);
    if (!limiter) {
      limiter = createLimiter(db, { name: 'activity', points: perMinute, durationSeconds: 60 });
      limiters.set(perMinute, limiter);
    }
    return take(limiter, userId);
  };
}

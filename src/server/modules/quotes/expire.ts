import type { Db } from '../../db/client';
import { expireHolds } from '../lots';
import * as repo from './repository';
import { announce, releaseQuoteHolds, type StepDeps } from './steps';

/**
 * The scheduled expiry (docs/decisions/0236), every minute: quoted and accepted quotes past their
 * valid-until day become expired and their holds are released, each with its email and webhook; then
 * any hold past its own end (90 days from placing) is released. Rows another server is expiring are
 * skipped, not waited for. Answers what it did.
 */
export async function expireQuotesOnce(db: Db, deps: StepDeps, now: Date = new Date()): Promise<{ quotes: number; holds: number }> {
  const result = await db.transaction(async (tx) => {
    const due = await repo.lockExpiredQuotes(tx, deps.today());
    for (const row of due) {
      await releaseQuoteHolds(tx, row.id);
      const expired = await repo.updateQuote(tx, row.id, { status: 'expired' });
      await announce(tx, deps, { actor: null, row: expired, kind: 'expired', description: '' });
    }
    const holds = await expireHolds(tx, now);
    return { quotes: due.length, holds: holds.quoteLineIds.length };
  });
  if (result.quotes > 0 || result.holds > 0) deps.products.changed();
  return result;
}

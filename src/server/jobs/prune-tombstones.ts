import { CATALOGUE_CHANGES_KEPT_DAYS } from '@common/contracts/catalogue-changes';
import type { Db } from '../db/client';
import { pruneProductTombstones } from '../modules/products';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The deleted SKUs' tombstones older than the changes feed promises to keep them (30 days,
 * docs/decisions/0228): a device whose `since` is older gets `full: true` and downloads the whole
 * catalogue, so no sync reads them again. A day's margin, so a device that asks at the limit
 * never misses one. Runs daily (SCHEDULES in runner.ts; docs/decisions/0234).
 */
export function pruneTombstonesOnce(db: Db, now: Date = new Date()): Promise<number> {
  return pruneProductTombstones(db, new Date(now.getTime() - (CATALOGUE_CHANGES_KEPT_DAYS + 1) * DAY_MS));
}

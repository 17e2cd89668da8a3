import { cappedForEvent } from '@common/contracts/webhook-events';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../lib/actor';
import type { ActivityService } from '../activity';
import type { EventPublisher } from '../webhooks';
import { countsOf, diffEntries, skusOf, type EntriesDiff } from './entries-diff';
import { bumpVersion, entriesOf, touchLists, writeEntryChanges, type EntryRow, type PriceListRow } from './repository';

/*
 * Every write to price lists ends here (docs/decisions/0231-price-list-files-diff-and-version.md):
 * in the writer's transaction, only the entry rows that differ are written, the list is marked
 * changed, the prices version is bumped, a price_list.updated event is enqueued and the activity log
 * gets one row naming who changed what.
 */

export type ChangeSource = 'upload' | 'api' | 'admin';
export type Events = Pick<EventPublisher, 'publish'>;
/** Where a change is told: the webhook events and the activity log. */
export interface ChangeSinks {
  events: Events;
  activity: Pick<ActivityService, 'record'>;
}
/** Who changed a list and through what (the admin screens, a file, the ERP's API). */
export interface ChangeBy {
  source: ChangeSource;
  actor: Actor;
}

const SOURCE_WORDS: Record<ChangeSource, string> = { upload: 'a price list file', api: 'the API', admin: 'the admin screens' };

/** "Price list GOLD (Gold tier) updated through a price list file: 3 added, 1 changed, 0 removed". */
export function changeDescription(list: { code: string; name: string }, change: { source: ChangeSource; deleted?: boolean; counts?: { added: number; changed: number; removed: number } }): string {
  const what = `Price list ${list.code} (${list.name}) ${change.deleted ? 'deleted' : 'updated'} through ${SOURCE_WORDS[change.source]}`;
  const counts = change.counts;
  if (!counts || counts.added + counts.changed + counts.removed === 0) return what;
  return `${what}: ${counts.added} added, ${counts.changed} changed, ${counts.removed} removed`;
}

/** Records that `list` changed in this transaction: its updated_at, the prices version, the webhook. */
export async function listChanged(
  tx: DbOrTx,
  sinks: ChangeSinks,
  list: Pick<PriceListRow, 'id' | 'code' | 'name'>,
  change: ChangeBy & { diff?: EntriesDiff; deleted?: boolean },
): Promise<void> {
  if (!change.deleted) await touchLists(tx, [list.id]);
  await bumpVersion(tx);
  const counts = change.diff ? countsOf(change.diff) : { added: 0, changed: 0, removed: 0 };
  const skus = cappedForEvent(change.diff ? skusOf(change.diff) : []);
  const metadata = { code: list.code, source: change.source, deleted: change.deleted === true, ...counts };
  await sinks.activity.record(change.actor, { type: 'price_list_updated', description: changeDescription(list, { ...change, counts }), metadata }, tx);
  await sinks.events.publish(tx, 'price_list.updated', {
    source: change.source,
    code: list.code,
    name: list.name,
    deleted: change.deleted === true,
    changedAt: new Date().toISOString(),
    added: counts.added,
    changed: counts.changed,
    removed: counts.removed,
    skus: skus.list,
    truncated: skus.truncated,
  });
}

/**
 * Writes the rows by which `diff` says the list differs, and records the change when there is one.
 * A diff without changes writes nothing at all.
 */
export async function writeDiff(tx: DbOrTx, sinks: ChangeSinks, list: Pick<PriceListRow, 'id' | 'code' | 'name'>, diff: EntriesDiff, by: ChangeBy): Promise<void> {
  if (diff.added.length + diff.changed.length + diff.removed.length === 0) return;
  await writeEntryChanges(tx, list.id, diff);
  await listChanged(tx, sinks, list, { ...by, diff });
}

/** The list's whole set of entries becomes `after`: the diff against its rows now, then only those rows written. */
export async function replaceEntries(tx: DbOrTx, sinks: ChangeSinks, list: PriceListRow, after: readonly EntryRow[], by: ChangeBy): Promise<EntriesDiff> {
  const before = (await entriesOf(tx, [list.id])).get(list.id) ?? [];
  const diff = diffEntries(before, after);
  await writeDiff(tx, sinks, list, diff, by);
  return diff;
}

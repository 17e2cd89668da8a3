import { cappedForEvent } from '@common/contracts/webhook-events';
import type { DbOrTx } from '../../db/client';
import type { EventPublisher } from '../webhooks';
import { countsOf, diffEntries, skusOf, type EntriesDiff } from './entries-diff';
import { bumpVersion, entriesOf, touchLists, writeEntryChanges, type EntryRow, type PriceListRow } from './repository';

/*
 * Every write to price lists ends here (docs/decisions/0231-price-list-files-diff-and-version.md):
 * in the writer's transaction, only the entry rows that differ are written, the list is marked
 * changed, the prices version is bumped and a price_list.updated event is enqueued.
 */

export type ChangeSource = 'upload' | 'api' | 'admin';
export type Events = Pick<EventPublisher, 'publish'>;

/** Records that `list` changed in this transaction: its updated_at, the prices version, the webhook. */
export async function listChanged(
  tx: DbOrTx,
  events: Events,
  list: Pick<PriceListRow, 'id' | 'code' | 'name'>,
  change: { source: ChangeSource; diff?: EntriesDiff; deleted?: boolean },
): Promise<void> {
  if (!change.deleted) await touchLists(tx, [list.id]);
  await bumpVersion(tx);
  const counts = change.diff ? countsOf(change.diff) : { added: 0, changed: 0, removed: 0 };
  const skus = cappedForEvent(change.diff ? skusOf(change.diff) : []);
  await events.publish(tx, 'price_list.updated', {
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
export async function writeDiff(tx: DbOrTx, events: Events, list: Pick<PriceListRow, 'id' | 'code' | 'name'>, diff: EntriesDiff, source: ChangeSource): Promise<void> {
  if (diff.added.length + diff.changed.length + diff.removed.length === 0) return;
  await writeEntryChanges(tx, list.id, diff);
  await listChanged(tx, events, list, { source, diff });
}

/** The list's whole set of entries becomes `after`: the diff against its rows now, then only those rows written. */
export async function replaceEntries(tx: DbOrTx, events: Events, list: PriceListRow, after: readonly EntryRow[], source: ChangeSource): Promise<EntriesDiff> {
  const before = (await entriesOf(tx, [list.id])).get(list.id) ?? [];
  const diff = diffEntries(before, after);
  await writeDiff(tx, events, list, diff, source);
  return diff;
}

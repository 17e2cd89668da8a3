import { PRICE_CHANGE_FLAG_PERCENT, type EntryChangeCounts } from '@common/contracts/price-lists';
import type { EntryRow } from './repository';

/*
 * The one diff of a list's entries (docs/decisions/0231-price-list-files-diff-and-version.md): the
 * file's (or the ERP's) rows against the list's rows now, keyed by (SKU, min quantity). Used by the
 * preview, the confirm and PUT .../entries, so what is shown is what is written: added keys,
 * changed prices, removed keys; unchanged rows are never written.
 */

export interface ChangedEntry extends EntryRow {
  before: string;
  /** (after - before) / before in percent, one decimal; null when before is 0. */
  percent: number | null;
  flagged: boolean;
}

export interface EntriesDiff {
  added: EntryRow[];
  changed: ChangedEntry[];
  removed: EntryRow[];
  unchanged: number;
}

const keyOf = (productId: number, minQuantity: number) => `${productId}:${minQuantity}`;

function cents(price: string): number {
  return Math.round(Number(price) * 100);
}

export function percentChange(before: string, after: string): number | null {
  const b = cents(before);
  if (b === 0) return null;
  return Math.round(((cents(after) - b) / b) * 1000) / 10;
}

/** A change over PRICE_CHANGE_FLAG_PERCENT either way, or any change from a price of 0. */
export function isFlagged(before: string, after: string): boolean {
  const percent = percentChange(before, after);
  return percent === null ? cents(after) !== cents(before) : Math.abs(percent) > PRICE_CHANGE_FLAG_PERCENT;
}

/** `after` must hold each (SKU, min quantity) once (the readers refuse a repeat). */
export function diffEntries(before: readonly EntryRow[], after: readonly EntryRow[]): EntriesDiff {
  const held = new Map<string, EntryRow>();
  for (const row of before) held.set(keyOf(row.productId, row.minQuantity), row);
  const diff: EntriesDiff = { added: [], changed: [], removed: [], unchanged: 0 };
  for (const row of after) {
    const key = keyOf(row.productId, row.minQuantity);
    const old = held.get(key);
    if (!old) diff.added.push(row);
    else {
      held.delete(key);
      if (cents(old.price) === cents(row.price)) diff.unchanged += 1;
      else diff.changed.push({ ...row, before: old.price, percent: percentChange(old.price, row.price), flagged: isFlagged(old.price, row.price) });
    }
  }
  diff.removed = [...held.values()];
  const order = (a: EntryRow, b: EntryRow) => a.productId - b.productId || a.minQuantity - b.minQuantity;
  diff.added.sort(order);
  diff.changed.sort(order);
  diff.removed.sort(order);
  return diff;
}

export function countsOf(diff: EntriesDiff): EntryChangeCounts & { flagged: number } {
  return {
    added: diff.added.length,
    changed: diff.changed.length,
    removed: diff.removed.length,
    unchanged: diff.unchanged,
    flagged: diff.changed.filter((c) => c.flagged).length,
  };
}

export const hasChanges = (diff: EntriesDiff) => diff.added.length + diff.changed.length + diff.removed.length > 0;

/** The SKUs a diff touches, ascending. */
export function skusOf(diff: EntriesDiff): number[] {
  return [...new Set([...diff.added, ...diff.changed, ...diff.removed].map((r) => r.productId))].sort((a, b) => a - b);
}

import { LOTS_PREVIEW_LIST_LIMIT, type LevelChange, type LotsPreviewCounts } from '@common/contracts/lots-uploads';
import type { IncomingView, LotView } from '@common/contracts/lots';
import type { IncomingRow, LotRow } from './row-rules';

/*
 * What a lots or incoming file would do to the SKUs it lists (ADR 0196), compared with what they
 * have now: pure, so the preview and its tests share it. Each listed SKU gets exactly the file's
 * lots (loads); the comparison only names the difference.
 */

export interface Facts {
  id: number;
  name: string;
  stockLevel: string;
  quantityOnOrder: number;
}

interface SkuDiff<E> {
  sku: number;
  name: string;
  added: E[];
  changed: { before: E; after: E }[];
  removed: E[];
  unchanged: number;
}

export interface PreviewDiff<E> {
  counts: Omit<LotsPreviewCounts, 'warnings'>;
  skus: SkuDiff<E>[];
  skusChanged: number;
  levels: LevelChange[];
}

type Before<E> = E & { productId: number };

const lotView = (l: LotView): LotView => ({ lot: l.lot, shade: l.shade, caliber: l.caliber, warehouse: l.warehouse, quantity: l.quantity });
const loadView = (i: IncomingView): IncomingView => ({ quantity: i.quantity, eta: i.eta, stage: i.stage, lot: i.lot, reference: i.reference });

const sameLot = (a: LotView, b: LotView) =>
  a.lot === b.lot && a.shade === b.shade && a.caliber === b.caliber && a.warehouse === b.warehouse && a.quantity === b.quantity;
const sameLoad = (a: IncomingView, b: IncomingView) =>
  a.quantity === b.quantity && a.eta === b.eta && a.stage === b.stage && a.lot === b.lot && a.reference === b.reference;

/** A lot is known by its code (unique per SKU, as the upsert keys it). */
const lotKey = (l: LotView) => l.lot;
/** A load by its reference, else by its lot; a load with neither has no key. */
const loadKey = (i: IncomingView) => (i.reference !== null ? `ref:${i.reference}` : i.lot !== null ? `lot:${i.lot}` : null);

interface Rules<E> {
  view: (e: E) => E;
  same: (a: E, b: E) => boolean;
  key: (e: E) => string | null;
  /** Pairs the one entry left on each side as a change when one of them has no key (a load whose ETA moved has no other key). */
  pairLastOne: boolean;
}

const LOT_RULES: Rules<LotView> = { view: lotView, same: sameLot, key: lotKey, pairLastOne: false };
const LOAD_RULES: Rules<IncomingView> = { view: loadView, same: sameLoad, key: loadKey, pairLastOne: true };

/** One SKU: equal entries are unchanged, entries with the same key changed, the rest added or removed. */
function diffSku<E>(rules: Rules<E>, before: E[], after: E[]): Omit<SkuDiff<E>, 'sku' | 'name'> {
  const left = [...before];
  const unmatched: E[] = [];
  let unchanged = 0;
  for (const entry of after) {
    const at = left.findIndex((b) => rules.same(b, entry));
    if (at >= 0) {
      left.splice(at, 1);
      unchanged += 1;
    } else unmatched.push(entry);
  }
  const changed: { before: E; after: E }[] = [];
  const added: E[] = [];
  for (const entry of unmatched) {
    const key = rules.key(entry);
    const at = key === null ? -1 : left.findIndex((b) => rules.key(b) === key);
    if (at >= 0) changed.push({ before: left.splice(at, 1)[0]!, after: entry });
    else added.push(entry);
  }
  // Two loads that each name a different reference (or lot) are two loads, never one that changed.
  if (rules.pairLastOne && added.length === 1 && left.length === 1 && (rules.key(added[0]!) === null || rules.key(left[0]!) === null)) {
    changed.push({ before: left.pop()!, after: added.pop()! });
  }
  return { added, changed, removed: left, unchanged };
}

function groupBy<T extends { productId: number }>(rows: readonly T[]): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const list = map.get(row.productId);
    if (list) list.push(row);
    else map.set(row.productId, [row]);
  }
  return map;
}

function diff<E, R extends E & { productId: number }>(
  rules: Rules<E>,
  input: { skus: readonly number[]; before: readonly Before<E>[]; after: readonly R[]; facts: readonly Facts[] },
  level: { of: (facts: Facts | undefined) => string | null; quantity: (row: R) => number },
): PreviewDiff<E> {
  const beforeBySku = groupBy(input.before);
  const afterBySku = groupBy(input.after);
  const facts = new Map(input.facts.map((f) => [f.id, f]));
  const counts = { rows: input.after.length, skus: input.skus.length, added: 0, changed: 0, removed: 0, unchanged: 0, levelsChanged: 0 };
  const skus: SkuDiff<E>[] = [];
  let skusChanged = 0;
  const levels: LevelChange[] = [];
  for (const sku of input.skus) {
    const after = afterBySku.get(sku) ?? [];
    const one = diffSku(rules, (beforeBySku.get(sku) ?? []).map(rules.view), after.map(rules.view));
    counts.added += one.added.length;
    counts.changed += one.changed.length;
    counts.removed += one.removed.length;
    counts.unchanged += one.unchanged;
    const name = facts.get(sku)?.name ?? '';
    if (one.added.length > 0 || one.changed.length > 0 || one.removed.length > 0) {
      skusChanged += 1;
      if (skus.length < LOTS_PREVIEW_LIST_LIMIT) skus.push({ sku, name, ...one });
    }
    // The level the database's trigger will set: the sum of the SKU's lots (loads), as text for a stock level.
    const was = level.of(facts.get(sku));
    const will = String(after.reduce((sum, row) => sum + level.quantity(row), 0));
    if (was !== will) {
      counts.levelsChanged += 1;
      if (levels.length < LOTS_PREVIEW_LIST_LIMIT) levels.push({ sku, name, before: was, after: will });
    }
  }
  return { counts, skus, skusChanged, levels };
}

/** A lots file: lots by code; the stock level becomes the sum of the file's lots. */
export function diffLots(input: { skus: readonly number[]; before: readonly Before<LotView>[]; after: readonly LotRow[]; facts: readonly Facts[] }): PreviewDiff<LotView> {
  return diff(LOT_RULES, input, { of: (f) => f?.stockLevel ?? null, quantity: (row) => row.quantity });
}

/** An incoming file: loads by reference (or lot); the quantity on order becomes the sum of the file's loads. */
export function diffIncoming(input: {
  skus: readonly number[];
  before: readonly Before<IncomingView>[];
  after: readonly IncomingRow[];
  facts: readonly Facts[];
}): PreviewDiff<IncomingView> {
  return diff(LOAD_RULES, input, { of: (f) => (f ? String(f.quantityOnOrder) : null), quantity: (row) => row.quantity });
}

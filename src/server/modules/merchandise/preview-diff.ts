import {
  MERCHANDISE_FIELD_LABELS,
  MERCHANDISE_PREVIEW_LIST_LIMIT,
  MERCHANDISE_PREVIEW_MESSAGES,
  type MerchandiseField,
  type MerchandiseFieldChange,
  type MerchandisePreviewResponse,
} from '@common/contracts/merchandise';
import type { MerchandiseRowValue } from '@common/domain/merchandise-import';
import type { ParsedRow } from './workbook';

/** An item as the portal has it now (repository listAll): a workbook row's fields and whether it is listed. */
export type MerchandiseNow = MerchandiseRowValue & { active: boolean };

const TEXT_FIELDS = ['name', 'description', 'line', 'category', 'handboardType'] as const;
const keyOf = (type: string, code: string) => `${type}\u0000${code}`;
const money = (value: string) => Number(value).toFixed(2);

/**
 * What a workbook would do to the merchandise (docs/decisions/0214): added codes, changed ones with
 * each field before -> after (a deactivated code uploaded again is listed again), unchanged ones,
 * and the items the workbook leaves out, which are kept (docs/decisions/0050). A blank cell that
 * clears an existing value is applied, and said as a warning first. Pure: the service reads `now`.
 */
export function diffMerchandise(rows: readonly ParsedRow[], now: readonly MerchandiseNow[]): Omit<MerchandisePreviewResponse, 'uploadId' | 'filename'> {
  const existing = new Map(now.map((item) => [keyOf(item.type, item.code), item]));
  const inFile = new Set<string>();
  const added: MerchandisePreviewResponse['added'] = [];
  const changed: MerchandisePreviewResponse['changed'] = [];
  const warnings: MerchandisePreviewResponse['warnings'] = [];
  let addedCount = 0;
  let changedCount = 0;
  let unchanged = 0;
  for (const { sheet, row, value } of rows) {
    const key = keyOf(value.type, value.code);
    inFile.add(key);
    const before = existing.get(key);
    const ref = { type: value.type, code: value.code, name: value.name };
    if (!before) {
      addedCount += 1;
      if (added.length < MERCHANDISE_PREVIEW_LIST_LIMIT) added.push(ref);
      continue;
    }
    const changes: MerchandiseFieldChange[] = [];
    for (const field of TEXT_FIELDS) {
      if ((before[field] ?? null) === (value[field] ?? null)) continue;
      changes.push({ field, before: before[field], after: value[field] });
      const was = before[field];
      if (value[field] === null && was) {
        warnings.push({ sheet, row, type: value.type, code: value.code, message: MERCHANDISE_PREVIEW_MESSAGES.cleared(MERCHANDISE_FIELD_LABELS[field as MerchandiseField], was) });
      }
    }
    if (money(before.price) !== money(value.price)) changes.push({ field: 'price', before: money(before.price), after: money(value.price) });
    if (!before.active) changes.push({ field: 'active', before: 'No (deactivated)', after: 'Yes' });
    if (changes.length === 0) {
      unchanged += 1;
      continue;
    }
    changedCount += 1;
    if (changed.length < MERCHANDISE_PREVIEW_LIST_LIMIT) changed.push({ ...ref, changes });
  }
  const left = now.filter((item) => item.active && !inFile.has(keyOf(item.type, item.code)));
  return {
    counts: { rows: rows.length, added: addedCount, changed: changedCount, unchanged, notInFile: left.length, warnings: warnings.length },
    added,
    changed,
    notInFile: left.slice(0, MERCHANDISE_PREVIEW_LIST_LIMIT).map((item) => ({ type: item.type, code: item.code, name: item.name })),
    warnings: warnings.slice(0, MERCHANDISE_PREVIEW_LIST_LIMIT),
  };
}

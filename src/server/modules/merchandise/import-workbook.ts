import {
  MERCHANDISE_UPLOAD_MESSAGES,
  type MerchandiseUploadErrorBody,
  type MerchandiseUploadResponse,
} from '@common/contracts/merchandise';
import { MERCHANDISE_TYPES, type MerchandiseType } from '@common/domain/cart-rules';
import { ONLY_EXAMPLE_ROWS } from '@common/domain/template-examples';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { HttpError } from '../../lib/http-error';
import { readSpreadsheet } from '../../lib/upload';
import type { ActivityService } from '../activity';
import * as repo from './repository';
import { MAX_MERCHANDISE_ROWS, MERCHANDISE_SHEET_LIMITS, readMerchandiseRows, type ParsedRow } from './workbook';

/*
 * The two steps every merchandise upload takes, whether applied at once (the API's POST .../upload)
 * or previewed and confirmed (the browser's, docs/decisions/0214): read and check the whole
 * workbook, then write it in the caller's transaction.
 */

export type ReadOutcome = { ok: true; rows: ParsedRow[] } | { ok: false; body: MerchandiseUploadErrorBody };

/**
 * `buffer` has passed the upload module's zip guard (routes.ts); the users sheet is the users
 * import's. All or nothing: one bad row and the answer is the list of every bad row; no rows is a
 * 400 that changes nothing, like the stock CSV (docs/decisions/0130).
 */
export async function readWorkbookRows(buffer: Buffer, owner: string): Promise<ReadOutcome> {
  const sheets = await readSpreadsheet(
    { kind: 'xlsx', data: buffer },
    { pick: { sheet: 'all', except: ['users'] }, limits: MERCHANDISE_SHEET_LIMITS, unreadable: MERCHANDISE_UPLOAD_MESSAGES.notWorkbook, owner },
  );
  const read = readMerchandiseRows(sheets);
  if (!read.ok) {
    if ('tooMany' in read) throw new HttpError(413, `At most ${MAX_MERCHANDISE_ROWS.toLocaleString('en-US')} rows can be uploaded at once`);
    return { ok: false, body: { message: MERCHANDISE_UPLOAD_MESSAGES.rowsFailed, rows: read.issues } };
  }
  if (read.rows.length === 0) throw new HttpError(400, read.examples > 0 ? ONLY_EXAMPLE_ROWS : MERCHANDISE_UPLOAD_MESSAGES.noRows);
  return { ok: true, rows: read.rows };
}

/** Inserts new codes, overwrites existing ones and records merchandise_updated, in the caller's transaction. */
export async function applyRows(tx: DbOrTx, activity: ActivityService, actor: Actor, rows: readonly ParsedRow[]): Promise<MerchandiseUploadResponse> {
  const values = rows.map((r) => r.value);
  const byType: Record<MerchandiseType, number> = { display: 0, label: 0, pricelist: 0, handboard: 0 };
  for (const value of values) byType[value.type] += 1;
  const added: { type: MerchandiseType; code: string }[] = [];
  const updatedCodes: { type: MerchandiseType; code: string }[] = [];
  for (const type of MERCHANDISE_TYPES) {
    const codes = values.filter((v) => v.type === type).map((v) => v.code);
    const existing = await repo.existingKeys(tx, type, codes);
    for (const code of codes) (existing.has(code) ? updatedCodes : added).push({ type, code });
  }
  await repo.upsert(tx, values);
  const updated = updatedCodes.length;
  const result = { inserted: values.length - updated, updated, total: values.length, byType, added, updatedCodes };
  await activity.record(
    actor,
    {
      type: 'merchandise_updated',
      description: `${actor.username} uploaded merchandise: ${result.inserted} added, ${result.updated} updated`,
      metadata: { inserted: result.inserted, updated, total: result.total, byType },
    },
    tx,
  );
  return result;
}

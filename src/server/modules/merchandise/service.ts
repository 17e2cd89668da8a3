import {
  MERCHANDISE_UPLOAD_MESSAGES,
  type MerchandiseItem,
  type MerchandiseUploadErrorBody,
  type MerchandiseUploadResponse,
} from '@common/contracts/merchandise';
import { MERCHANDISE_TYPES, type MerchandiseType } from '@common/domain/cart-rules';
import type { Db, DbOrTx } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { HttpError } from '../../lib/http-error';
import { readSpreadsheet } from '../../lib/upload';
import type { ActivityService } from '../activity';
import * as repo from './repository';
import { ONLY_EXAMPLE_ROWS } from '@common/domain/template-examples';
import { MAX_MERCHANDISE_ROWS, MERCHANDISE_SHEET_LIMITS, readMerchandiseRows } from './workbook';

export type MerchandiseService = ReturnType<typeof createMerchandiseService>;

export type UploadOutcome = { ok: true; response: MerchandiseUploadResponse } | { ok: false; body: MerchandiseUploadErrorBody };

/** Spec §2 Manage Merchandise, §5 merchandise upload; docs/product-decisions.md#merchandise-quick-add. */
export function createMerchandiseService(deps: { db: Db; activity: ActivityService }) {
  const { db, activity } = deps;

  async function list(type: MerchandiseType): Promise<MerchandiseItem[]> {
    return repo.listByType(db, type);
  }

  /** `buffer` has passed the upload module's zip guard (routes.ts); the users sheet is the users import's. */
  function readWorkbook(buffer: Buffer, owner: string) {
    return readSpreadsheet(
      { kind: 'xlsx', data: buffer },
      { pick: { sheet: 'all', except: ['users'] }, limits: MERCHANDISE_SHEET_LIMITS, unreadable: MERCHANDISE_UPLOAD_MESSAGES.notWorkbook, owner },
    );
  }

  /** All or nothing: every row is checked first; one bad row and nothing is saved. */
  async function upload(actor: Actor, buffer: Buffer): Promise<UploadOutcome> {
    const read = readMerchandiseRows(await readWorkbook(buffer, String(actor.userId)));
    if (!read.ok) {
      if ('tooMany' in read) throw new HttpError(413, `At most ${MAX_MERCHANDISE_ROWS.toLocaleString('en-US')} rows can be uploaded at once`);
      return { ok: false, body: { message: MERCHANDISE_UPLOAD_MESSAGES.rowsFailed, rows: read.issues } };
    }
    // Nothing to import is a 400 that changes nothing, like the stock CSV (docs/decisions/0130).
    if (read.rows.length === 0) throw new HttpError(400, read.examples > 0 ? ONLY_EXAMPLE_ROWS : MERCHANDISE_UPLOAD_MESSAGES.noRows);
    const values = read.rows.map((r) => r.value);
    const byType: Record<MerchandiseType, number> = { display: 0, label: 0, pricelist: 0, handboard: 0 };
    for (const value of values) byType[value.type] += 1;
    const response = await db.transaction(async (tx) => {
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
    });
    return { ok: true, response };
  }

  return {
    list,
    upload,

    /**
     * The codes among `codes` that a cart may take for `type`: existing and not deactivated
     * (docs/decisions/0131); pass `tx` to read inside the caller's transaction.
     */
    existingCodes: (type: MerchandiseType, codes: readonly string[], tx: DbOrTx = db) => repo.existingKeys(tx, type, [...codes], true),

    /** Whether `code` exists for `type` but was deactivated: the cart says so instead of "unknown". */
    isDeactivated: async (type: MerchandiseType, code: string, tx: DbOrTx = db) =>
      (await repo.existingKeys(tx, type, [code])).has(code) && !(await repo.existingKeys(tx, type, [code], true)).has(code),

    /** What a cart shows of some entries, ordered by line, category, name and code. */
    entries: (keys: readonly { type: MerchandiseType; code: string }[], tx: DbOrTx = db) => repo.findEntries(tx, keys),
  };
}

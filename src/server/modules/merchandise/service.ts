import { type MerchandiseItem, type MerchandiseUploadErrorBody, type MerchandiseUploadResponse } from '@common/contracts/merchandise';
import type { MerchandiseType } from '@common/domain/cart-rules';
import type { Db, DbOrTx } from '../../db/client';
import type { Actor } from '../../lib/actor';
import type { ActivityService } from '../activity';
import { applyRows, readWorkbookRows } from './import-workbook';
import * as repo from './repository';

export type MerchandiseService = ReturnType<typeof createMerchandiseService>;

export type UploadOutcome = { ok: true; response: MerchandiseUploadResponse } | { ok: false; body: MerchandiseUploadErrorBody };

/** Manage Merchandise and its upload; docs/product-decisions.md#merchandise-quick-add. */
export function createMerchandiseService(deps: { db: Db; activity: ActivityService }) {
  const { db, activity } = deps;

  async function list(type: MerchandiseType): Promise<MerchandiseItem[]> {
    return repo.listByType(db, type);
  }

  /** All or nothing: every row is checked first; one bad row and nothing is saved (import-workbook.ts). */
  async function upload(actor: Actor, buffer: Buffer): Promise<UploadOutcome> {
    const read = await readWorkbookRows(buffer, String(actor.userId));
    if (!read.ok) return read;
    return { ok: true, response: await db.transaction((tx) => applyRows(tx, activity, actor, read.rows)) };
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

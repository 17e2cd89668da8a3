import { MERCHANDISE_PREVIEW_MESSAGES, type MerchandisePreviewResponse, type MerchandiseUploadErrorBody, type MerchandiseUploadResponse } from '@common/contracts/merchandise';
import { STOCK_UPLOAD_MESSAGES } from '@common/domain/stock-uploads';
import type { Db } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import { safeFileName } from '../../lib/safe-file-name';
import type { ActivityService } from '../activity';
import type { ImportKind } from '../imports';
import { applyRows, readWorkbookRows } from './import-workbook';
import { diffMerchandise } from './preview-diff';
import type { ParsedRow } from './workbook';
import * as repo from './repository';

/**
 * The browser's merchandise workbook as an import kind (docs/decisions/0220, after
 * docs/decisions/0214): the preview changes nothing and keeps the workbook with a digest of the
 * merchandise it compared against; the confirm reads the same workbook again and applies it under
 * a table lock only when the digest is unchanged.
 */
export function createMerchandiseImportKind(deps: {
  db: Db;
  activity: ActivityService;
}): ImportKind<MerchandisePreviewResponse, MerchandiseUploadResponse, void, ParsedRow[], MerchandiseUploadErrorBody> {
  const { db, activity } = deps;
  return {
    name: 'merchandise',

    async preview(actor, file) {
      const read = await readWorkbookRows(file.data, String(actor.userId));
      if (!read.ok) return read;
      // One snapshot: the digest is of the items compared.
      const { digest, diff } = await db.transaction(
        async (tx) => ({ digest: await repo.merchandiseDigest(tx), diff: diffMerchandise(read.rows, await repo.listAll(tx)) }),
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
      const filename = safeFileName(file.filename, 'xlsx', 'merchandise');
      return { ok: true, keep: { filename, data: file.data, counts: diff.counts, digest }, answer: (uploadId) => ({ uploadId, filename, ...diff }) };
    },

    async read(actor, kept) {
      // It was read without a fault at the preview.
      const read = await readWorkbookRows(kept.data, String(actor.userId));
      if (!read.ok) throw new HttpError(409, STOCK_UPLOAD_MESSAGES.catalogueChanged);
      return read.rows;
    },

    async apply(tx, { actor, kept, read: rows }) {
      await repo.lockMerchandise(tx);
      if ((await repo.merchandiseDigest(tx)) !== kept.digest) throw new HttpError(409, MERCHANDISE_PREVIEW_MESSAGES.changedSince);
      return { response: await applyRows(tx, activity, actor, rows) };
    },
  };
}

import { MERCHANDISE_PREVIEW_MESSAGES, type MerchandisePreviewResponse, type MerchandiseUploadResponse } from '@common/contracts/merchandise';
import { STOCK_UPLOAD_MESSAGES } from '@common/domain/stock-uploads';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { HttpError } from '../../lib/http-error';
import { safeFileName } from '../../lib/safe-file-name';
import type { ReceivedFile } from '../../lib/upload';
import type { ActivityService } from '../activity';
import { checkConfirmable, type UploadHistory } from '../stock';
import { applyRows, readWorkbookRows, type ReadOutcome } from './import-workbook';
import { diffMerchandise } from './preview-diff';
import * as repo from './repository';

export type MerchandisePreviewResult = { ok: true; preview: MerchandisePreviewResponse } | Extract<ReadOutcome, { ok: false }>;
export type MerchandiseUploads = ReturnType<typeof createMerchandiseUploads>;

/**
 * The browser's merchandise workbook (docs/decisions/0214), previewed like the stock and lots files
 * through the one upload table (ADR 0191, 0196): the preview changes nothing and keeps the workbook
 * `previewed` with a digest of the merchandise it compared against; Confirm reads the same workbook
 * again and applies it in one transaction, under a table lock, only when the digest is unchanged;
 * Cancel drops it. Confirmable by whoever previewed it, within the hour (docs/decisions/0204).
 */
export function createMerchandiseUploads(deps: { db: Db; activity: ActivityService; history: UploadHistory }) {
  const { db, activity, history } = deps;

  return {
    async preview(actor: Actor, file: ReceivedFile): Promise<MerchandisePreviewResult> {
      const read = await readWorkbookRows(file.data, String(actor.userId));
      if (!read.ok) return read;
      // One snapshot: the digest is of the items compared.
      const { digest, diff } = await db.transaction(
        async (tx) => ({ digest: await repo.merchandiseDigest(tx), diff: diffMerchandise(read.rows, await repo.listAll(tx)) }),
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
      const filename = safeFileName(file.filename, 'xlsx', 'merchandise');
      const uploadId = await history.keepPreview(actor, { kind: 'merchandise', filename, data: file.data, lotsDigest: digest, counts: diff.counts });
      return { ok: true, preview: { uploadId, filename, ...diff } };
    },

    /** Applies a previewed workbook exactly as previewed; 409 and nothing changed when the merchandise changed since. */
    async confirm(actor: Actor, id: number): Promise<MerchandiseUploadResponse> {
      const row = checkConfirmable(await history.find(id), 'merchandise', actor);
      // Read again before the transaction takes a connection (ADR 0170); it was read without a fault at the preview.
      const read = await readWorkbookRows(row.data, String(actor.userId));
      if (!read.ok) throw new HttpError(409, STOCK_UPLOAD_MESSAGES.catalogueChanged);
      return db.transaction(async (tx) => {
        await history.takePreviewed(tx, id, 'merchandise', actor);
        await repo.lockMerchandise(tx);
        if ((await repo.merchandiseDigest(tx)) !== row.lotsDigest) throw new HttpError(409, MERCHANDISE_PREVIEW_MESSAGES.changedSince);
        const response = await applyRows(tx, activity, actor, read.rows);
        await history.markApplied(tx, id, actor);
        return response;
      });
    },

    async cancel(actor: Actor, id: number) {
      await history.cancelPreview(actor, id, 'merchandise');
      return { id, status: 'cancelled' as const };
    },
  };
}

import { LOTS_MESSAGES, type LotsApplyResponse } from '@common/contracts/lots';
import type { LotsFilePreview, LotsUploadCounts } from '@common/contracts/lots-uploads';
import type { StockUploadErrorBody } from '@common/contracts/stock';
import { STOCK_UPLOAD_MESSAGES } from '@common/domain/stock-uploads';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { HttpError } from '../../lib/http-error';
import type { ReceivedFile } from '../../lib/upload';
import type { ProductsService } from '../products';
import { checkConfirmable, type UploadHistory } from '../stock';
import { diffIncoming, diffLots } from './preview-diff';
import { loadsBefore, lotsBefore, lotsDigest } from './preview-repository';
import type { createReplacer, Kind, UploadResult } from './replace';
import type { IncomingRow, LotRow } from './row-rules';
import { storedCsv, storedFile, storedName } from './stored-file';

export type PreviewResult = { ok: true; preview: LotsFilePreview } | { ok: false; body: StockUploadErrorBody };

const changedSince = (kind: Kind) => (kind === 'lots' ? STOCK_UPLOAD_MESSAGES.lotsChanged : STOCK_UPLOAD_MESSAGES.incomingChanged);

/**
 * The lots and incoming files in the upload history (ADR 0196, after the stock upload's ADR 0191):
 * a browser's file is previewed (nothing changes; the file is kept `previewed` with a digest of
 * the listed SKUs' lots) and applied on confirm exactly as previewed, through the same replacement
 * as every other lots change (replace.ts). A file sent straight to /upload applies at once and is
 * recorded `applied` in its own transaction.
 */
export function createLotsUploads(deps: {
  db: Db;
  replacer: ReturnType<typeof createReplacer>;
  products: Pick<ProductsService, 'stockFacts'>;
  history: UploadHistory;
}) {
  const { db, replacer, history } = deps;

  /** The file against the listed SKUs now, read in one snapshot so the digest is of the lots compared. */
  async function compare(kind: Kind, skus: readonly number[], rows: readonly (LotRow | IncomingRow)[]) {
    return db.transaction(
      async (tx) => {
        const facts = await deps.products.stockFacts(skus, tx);
        const digest = await lotsDigest(tx, kind, skus);
        if (kind === 'lots') {
          const diff = diffLots({ skus, before: await lotsBefore(tx, skus), after: rows as LotRow[], facts });
          return { digest, diff: { kind, ...diff } as const };
        }
        const diff = diffIncoming({ skus, before: await loadsBefore(tx, skus), after: rows as IncomingRow[], facts });
        return { digest, diff: { kind, ...diff } as const };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }

  /**
   * A file refused for its problems is in the history as `rejected`, with them (docs/decisions/0211).
   * Its bytes are not kept: a lots or incoming file is only ever kept as its checked rows
   * (docs/decisions/0204), and a refused file has none.
   */
  async function recordRejected(actor: Actor, kind: Kind, file: ReceivedFile, body: StockUploadErrorBody, problemCount: number) {
    await history.recordRejected(actor, { kind, filename: storedName(file.filename), data: Buffer.alloc(0), problems: body.schemaErrors, problemCount });
  }

  return {
    async preview(actor: Actor, kind: Kind, file: ReceivedFile): Promise<PreviewResult> {
      const { replacement, collector } = await replacer.read(kind, file, String(actor.userId));
      const unlisted = collector.unlistedErrors() + collector.unlistedWarnings();
      if (collector.hasErrors()) {
        const body = { message: LOTS_MESSAGES.rejected, ...collector.lists(), moreIssues: unlisted };
        await recordRejected(actor, kind, file, body, collector.totalErrors());
        return { ok: false, body };
      }
      const { digest, diff } = await compare(kind, replacement.skus, replacement.rows);
      const { validationIssues, nulledFields } = collector.lists();
      const counts = { ...diff.counts, warnings: validationIssues.length + nulledFields.length + collector.unlistedWarnings() };
      const filename = storedName(file.filename);
      const data = storedCsv(kind, replacement.rows);
      const uploadId = await history.keepPreview(actor, { kind, filename, data, lotsDigest: digest, counts });
      const common = { uploadId, filename, counts, skusChanged: diff.skusChanged, levels: diff.levels, warnings: { validationIssues, nulledFields }, moreWarnings: collector.unlistedWarnings() };
      return { ok: true, preview: diff.kind === 'lots' ? { ...common, kind: 'lots', skus: diff.skus } : { ...common, kind: 'incoming', skus: diff.skus } };
    },

    /**
     * Applies a previewed file exactly as previewed: 409 and nothing changed when it is not a
     * previewed upload of this kind any more, or when the listed SKUs' lots (loads) differ from
     * what the preview saw (the digest, taken again under the replacement's locks).
     */
    async confirm(actor: Actor, kind: Kind, id: number): Promise<LotsApplyResponse> {
      // Refused before the file is read again when it is not this actor's, recent, previewed file (docs/decisions/0204).
      const row = checkConfirmable(await history.find(id), kind, actor);
      // Read again before the transaction takes a connection (ADR 0170). The rows are the preview's;
      // only the catalogue can make them fail now (a listed SKU deleted since), which is a change since.
      const { replacement, collector } = await replacer.read(kind, storedFile(row), String(actor.userId));
      if (collector.hasErrors()) throw new HttpError(409, STOCK_UPLOAD_MESSAGES.catalogueChanged);
      return replacer.applyFile(actor, replacement, row.filename, async (tx, applied) => {
        await history.takePreviewed(tx, id, kind, actor);
        if ((await lotsDigest(tx, kind, applied.skus)) !== row.lotsDigest) throw new HttpError(409, changedSince(kind));
        await history.markApplied(tx, id, actor);
      });
    },

    /** An integration's (or any direct) file: applied at once and recorded, with rows and SKUs, in the same transaction. */
    async uploadDirect(actor: Actor, kind: Kind, file: ReceivedFile): Promise<UploadResult> {
      const result = await replacer.upload(actor, kind, file, async (tx, replacement) => {
        const counts: LotsUploadCounts = { rows: replacement.rows.length, skus: replacement.skus.length };
        await history.recordApplied(tx, actor, { kind, filename: storedName(file.filename), data: storedCsv(kind, replacement.rows), counts });
      });
      if (!result.ok) await recordRejected(actor, kind, file, result.body, result.body.schemaErrors.length + result.body.moreIssues);
      return result;
    },
  };
}

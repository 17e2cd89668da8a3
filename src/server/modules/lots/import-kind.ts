import { LOTS_MESSAGES, type LotsApplyResponse } from '@common/contracts/lots';
import type { LotsFilePreview } from '@common/contracts/lots-uploads';
import { STOCK_UPLOAD_MESSAGES } from '@common/domain/stock-uploads';
import type { Db } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import type { ImportKind } from '../imports';
import type { ProductsService } from '../products';
import { heldLotsShort } from './holds';
import { diffIncoming, diffLots } from './preview-diff';
import { loadsBefore, lotsBefore, lotsDigest } from './preview-repository';
import type { createReplacer, Kind, Replacement } from './replace';
import type { IncomingRow, LotRow } from './row-rules';
import { storedCsv, storedFile, storedName } from './stored-file';

const changedSince = (kind: Kind) => (kind === 'lots' ? STOCK_UPLOAD_MESSAGES.lotsChanged : STOCK_UPLOAD_MESSAGES.incomingChanged);

/**
 * A lots or incoming file as an import kind (docs/decisions/0220, after ADR 0196): the preview
 * compares the file with what its SKUs have now and keeps, with the checked rows, a digest of the
 * listed SKUs' lots (loads); the confirm applies it through the same replacement as every other
 * lots change (replace.ts), only while that digest, taken again under the replacement's locks, holds.
 */
export function createLotsImportKind(
  kind: Kind,
  deps: { db: Db; replacer: ReturnType<typeof createReplacer>; products: Pick<ProductsService, 'stockFacts'> },
): ImportKind<LotsFilePreview, LotsApplyResponse, void, Replacement<Kind>> {
  const { db, replacer } = deps;

  /** The file against the listed SKUs now, read in one snapshot so the digest is of the lots compared. */
  async function compare(skus: readonly number[], rows: readonly (LotRow | IncomingRow)[]) {
    return db.transaction(
      async (tx) => {
        const facts = await deps.products.stockFacts(skus, tx);
        const digest = await lotsDigest(tx, kind, skus);
        if (kind === 'lots') {
          const diff = diffLots({ skus, before: await lotsBefore(tx, skus), after: rows as LotRow[], facts });
          return { digest, diff: { kind, ...diff } as const, heldLots: await heldLotsShort(tx, skus, rows as LotRow[]) };
        }
        const diff = diffIncoming({ skus, before: await loadsBefore(tx, skus), after: rows as IncomingRow[], facts });
        return { digest, diff: { kind, ...diff } as const };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }

  return {
    name: kind,

    async preview(actor, file) {
      const { replacement, collector } = await replacer.read(kind, file, String(actor.userId));
      if (collector.hasErrors()) {
        const body = { message: LOTS_MESSAGES.rejected, ...collector.lists(), moreIssues: collector.unlistedErrors() + collector.unlistedWarnings() };
        // A refused file's bytes are not kept: a lots or incoming file is only ever kept as its checked rows (docs/decisions/0204).
        const refused = { filename: storedName(file.filename), data: Buffer.alloc(0), problems: body.schemaErrors, problemCount: collector.totalErrors() };
        return { ok: false, body, refused };
      }
      const { digest, diff, heldLots } = await compare(replacement.skus, replacement.rows);
      const { validationIssues, nulledFields } = collector.lists();
      const counts = { ...diff.counts, warnings: validationIssues.length + nulledFields.length + collector.unlistedWarnings() };
      const filename = storedName(file.filename);
      const common = { filename, counts, skusChanged: diff.skusChanged, levels: diff.levels, warnings: { validationIssues, nulledFields }, moreWarnings: collector.unlistedWarnings() };
      return {
        ok: true,
        keep: { filename, data: storedCsv(kind, replacement.rows), counts, digest },
        answer: (uploadId) => (diff.kind === 'lots' ? { uploadId, ...common, kind: 'lots', skus: diff.skus, ...(heldLots?.length ? { heldLots } : {}) } : { uploadId, ...common, kind: 'incoming', skus: diff.skus }),
      };
    },

    async read(actor, kept) {
      // The rows are the preview's; only the catalogue can make them fail now (a listed SKU deleted since), which is a change since.
      const { replacement, collector } = await replacer.read(kind, storedFile(kept), String(actor.userId));
      if (collector.hasErrors()) throw new HttpError(409, STOCK_UPLOAD_MESSAGES.catalogueChanged);
      return replacement;
    },

    async apply(tx, { actor, kept, read }) {
      const response = await replacer.applyFileIn(tx, actor, read, kept.filename, async (locked, applied) => {
        if ((await lotsDigest(locked, kind, applied.skus)) !== kept.digest) throw new HttpError(409, changedSince(kind));
      });
      return { response };
    },

    afterCommit: () => replacer.afterCommit(),
  };
}

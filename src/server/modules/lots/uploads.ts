import type { LotsApplyResponse } from '@common/contracts/lots';
import type { LotsUploadCounts } from '@common/contracts/lots-uploads';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { HttpError } from '../../lib/http-error';
import type { ReceivedFile } from '../../lib/upload';
import type { ImportsService } from '../imports';
import type { ProductsService } from '../products';
import { createLotsImportKind } from './import-kind';
import type { createReplacer, Kind, UploadResult } from './replace';
import { storedCsv, storedName } from './stored-file';

/**
 * The lots and incoming files in the imports module (docs/decisions/0220): a browser's file is
 * previewed and confirmed through the imports pipeline (import-kind.ts); a file sent straight to
 * /upload applies at once and is recorded `applied` in its own transaction, or `rejected`.
 */
export function createLotsUploads(deps: {
  db: Db;
  replacer: ReturnType<typeof createReplacer>;
  products: Pick<ProductsService, 'stockFacts'>;
  imports: Pick<ImportsService, 'register'>;
}) {
  const { replacer } = deps;
  const kinds = {
    lots: deps.imports.register(createLotsImportKind('lots', deps)),
    incoming: deps.imports.register(createLotsImportKind('incoming', deps)),
  };

  return {
    preview: (actor: Actor, kind: Kind, file: ReceivedFile) => kinds[kind].preview(actor, file),

    /** Applies a previewed file exactly as previewed; 409 and nothing changed when those SKUs' lots (loads) changed since. */
    async confirm(actor: Actor, kind: Kind, id: number): Promise<LotsApplyResponse> {
      const outcome = await kinds[kind].confirm(actor, id);
      // The lots kind refuses with an HttpError, never with a 400 body.
      if (!outcome.ok) throw new HttpError(400, outcome.body.message);
      return outcome.response;
    },

    /** An integration's (or any direct) file: applied at once and recorded, with rows and SKUs, in the same transaction. */
    async uploadDirect(actor: Actor, kind: Kind, file: ReceivedFile): Promise<UploadResult> {
      const imports = kinds[kind];
      const result = await replacer.upload(actor, kind, file, async (tx, replacement) => {
        const counts: LotsUploadCounts = { rows: replacement.rows.length, skus: replacement.skus.length };
        await imports.recordApplied(tx, actor, { filename: storedName(file.filename), data: storedCsv(kind, replacement.rows), counts });
      });
      if (!result.ok) {
        const { body } = result;
        // Its bytes are not kept (docs/decisions/0204): a refused file has no checked rows.
        await imports.recordRejected(actor, { filename: storedName(file.filename), data: Buffer.alloc(0), problems: body.schemaErrors, problemCount: body.schemaErrors.length + body.moreIssues });
      }
      return result;
    },
  };
}

import type { MerchandiseUploadResponse } from '@common/contracts/merchandise';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { HttpError } from '../../lib/http-error';
import type { ReceivedFile } from '../../lib/upload';
import type { ActivityService } from '../activity';
import type { ImportsService } from '../imports';
import { createMerchandiseImportKind } from './import-kind';

export type MerchandiseUploads = ReturnType<typeof createMerchandiseUploads>;

/**
 * The browser's merchandise workbook (docs/decisions/0214) through the imports module
 * (docs/decisions/0220): preview, confirm and cancel. Confirmable by whoever previewed it, within
 * the hour (docs/decisions/0204).
 */
export function createMerchandiseUploads(deps: { db: Db; activity: ActivityService; imports: Pick<ImportsService, 'register'> }) {
  const uploads = deps.imports.register(createMerchandiseImportKind(deps));

  return {
    preview: (actor: Actor, file: ReceivedFile) => uploads.preview(actor, file),

    /** Applies a previewed workbook exactly as previewed; 409 and nothing changed when the merchandise changed since. */
    async confirm(actor: Actor, id: number): Promise<MerchandiseUploadResponse> {
      const outcome = await uploads.confirm(actor, id);
      // The merchandise kind refuses with an HttpError, never with a 400 body.
      if (!outcome.ok) throw new HttpError(400, outcome.body.message);
      return outcome.response;
    },

    async cancel(actor: Actor, id: number) {
      await uploads.cancel(actor, id);
      return { id, status: 'cancelled' as const };
    },
  };
}

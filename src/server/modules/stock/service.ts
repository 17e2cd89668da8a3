import { LAST_INVENTORY_UPDATE } from '@common/contracts/settings';
import {
  STOCK_UPLOAD_REJECTED,
  STOCK_UPLOAD_SUCCESS,
  type StockUploadErrorBody,
  type StockUploadMode,
  type StockUploadResponse,
} from '@common/contracts/stock';
import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import type { Db } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import type { ActivityService } from '../activity/service';
import type { ProductsService } from '../products/service';
import { putSetting } from '../settings/repository';
import { CsvSyntaxError, readCsvRecords } from './csv-source';
import { createIssueCollector } from './issue-collector';
import {
  createStagingTable,
  deleteMissingProducts,
  insertNew,
  lockStockImport,
  missingProductIds,
  stageRows,
  updateExisting,
} from './repository';
import { checkCellCount, readHeader, readStockRow, type HeaderResult, type StockRow } from './row-rules';

/** Rows per staging statement: about 300 KB of JSON, well inside one round trip. */
const STAGE_BATCH = 1000;

export interface StockUpload {
  /** The file's bytes as they arrive; `truncated` is set by the multipart parser at the size limit. */
  file: Readable & { truncated?: boolean };
  filename: string;
  mode: StockUploadMode;
}

export type StockImportResult = { ok: true; response: StockUploadResponse } | { ok: false; body: StockUploadErrorBody };

/** Thrown inside the transaction to roll it back when the file has errors. */
class RejectFile extends Error {}

const number = new Intl.NumberFormat('en-US');

export type StockService = ReturnType<typeof createStockService>;

/**
 * Stock CSV import (spec §5, decisions.md "Catalogue and stock"): streamed, all
 * or nothing. Rows are validated as they arrive and staged in a temporary table;
 * any error rejects the whole file and nothing changes. A clean file is merged
 * in the same transaction that sets last_inventory_update, bumps the catalogue
 * version and logs stock_updated (docs/decisions/0012).
 */
export function createStockService(deps: { db: Db; activity: ActivityService; products: ProductsService; maxUploadMb: number }) {
  const { db, activity, products } = deps;
  const tooLarge = () => new HttpError(413, `The file is larger than the ${deps.maxUploadMb} MB upload limit`);

  return {
    tooLarge,

    async importCsv(request: FastifyRequest, upload: StockUpload): Promise<StockImportResult> {
      const collector = createIssueCollector();
      // The multipart parser stops the file at the size limit; stop reading it then, not at its end.
      const overLimit = new AbortController();
      upload.file.once('limit', () => overLimit.abort());
      const now = new Date();
      const rejected = (): StockImportResult => ({
        ok: false,
        body: { message: STOCK_UPLOAD_REJECTED, ...collector.lists(), moreIssues: collector.unlistedErrors() + collector.unlistedWarnings() },
      });

      let response: StockUploadResponse;
      try {
        response = await db.transaction(async (tx) => {
          await createStagingTable(tx);
          let header: HeaderResult | null = null;
          const firstRowOf = new Map<number, number>();
          let batch: StockRow[] = [];
          let rows = 0;
          let unreadable = false;

          /** The row to stage, or null when it has problems (collected) or the file is already rejected. */
          const checkRow = (fileHeader: HeaderResult, row: number, cells: string[]): StockRow | null => {
            // Without a usable header the rows cannot be read; counting them is all that is left.
            if (fileHeader.errors.length > 0) return null;
            const cellProblem = checkCellCount(cells, fileHeader.columns.length, row);
            if (cellProblem) {
              collector.sink.error(cellProblem);
              return null;
            }
            const parsed = readStockRow(cells, row, fileHeader, collector.sink);
            if (!parsed) return null;
            const first = firstRowOf.get(parsed.id);
            if (first !== undefined) {
              collector.sink.error({ row, message: `SKU ${parsed.id} appears more than once (first on row ${first})` });
              return null;
            }
            firstRowOf.set(parsed.id, row);
            // Once the file is known to be rejected, nothing more is staged; checking goes on.
            if (collector.hasErrors()) {
              batch = [];
              return null;
            }
            return parsed;
          };

          try {
            await readCsvRecords(
              upload.file,
              async (records) => {
                for (const { row, cells } of records) {
                  if (!header) {
                    header = readHeader(cells);
                    header.errors.forEach(collector.sink.error);
                    header.issues.forEach(collector.sink.issue);
                    continue;
                  }
                  rows += 1;
                  const staged = checkRow(header, row, cells);
                  if (staged) batch.push(staged);
                }
                if (batch.length >= STAGE_BATCH) {
                  await stageRows(tx, batch);
                  batch = [];
                }
              },
              overLimit.signal,
            );
          } catch (error) {
            if (upload.file.truncated) throw tooLarge();
            if (!(error instanceof CsvSyntaxError)) throw error;
            // Records parsed before the broken one may not have reached us; the file is rejected either way.
            unreadable = true;
            collector.sink.error({ row: error.row, message: error.message });
          }
          if (upload.file.truncated) throw tooLarge();

          const fileHeader = header as HeaderResult | null;
          if (!fileHeader && !unreadable) collector.sink.error({ row: 1, message: 'The file is empty' });
          else if (fileHeader && rows === 0 && fileHeader.errors.length === 0 && !unreadable) {
            collector.sink.error({ row: 2, message: 'The file has a header but no product rows' });
          }
          if (!fileHeader || collector.hasErrors()) throw new RejectFile();

          await stageRows(tx, batch);
          await lockStockImport(tx);
          const updated = await updateExisting(tx, fileHeader.present, now);
          const created = await insertNew(tx, now);
          const removed = upload.mode === 'replace' ? await deleteMissingProducts(tx) : [];
          const missing = upload.mode === 'keep' ? await missingProductIds(tx) : [];
          if (created + updated + removed.length > 0) await products.recordChange(tx);
          await putSetting(tx, LAST_INVENTORY_UPDATE, now.toISOString());

          const counts = { rows, created, updated, unchanged: rows - created - updated, removed: removed.length, missing: missing.length };
          const { validationIssues, nulledFields } = collector.lists();
          const warnings = validationIssues.length + nulledFields.length + collector.unlistedWarnings();
          await activity.record(
            request,
            {
              type: 'stock_updated',
              description: describeImport(upload.filename, counts),
              metadata: { filename: upload.filename, mode: upload.mode, ...counts, warnings },
            },
            tx,
          );
          return {
            message: STOCK_UPLOAD_SUCCESS,
            mode: upload.mode,
            rows,
            created,
            updated,
            unchanged: counts.unchanged,
            removed,
            missing,
            warnings: { validationIssues, nulledFields },
            moreWarnings: collector.unlistedWarnings(),
          };
        });
      } catch (error) {
        if (error instanceof RejectFile) return rejected();
        throw error;
      }
      products.changed();
      return { ok: true, response };
    },
  };
}

function describeImport(
  filename: string,
  c: { rows: number; created: number; updated: number; unchanged: number; removed: number; missing: number },
): string {
  const parts = [
    `${number.format(c.rows)} ${c.rows === 1 ? 'row' : 'rows'}`,
    `${number.format(c.created)} new`,
    `${number.format(c.updated)} updated`,
    `${number.format(c.unchanged)} unchanged`,
  ];
  if (c.removed > 0) parts.push(`${number.format(c.removed)} removed`);
  if (c.missing > 0) parts.push(`${number.format(c.missing)} not in the file kept`);
  return `Stock upload ${filename}: ${parts.join(', ')}`;
}

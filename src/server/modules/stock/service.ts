import { LAST_INVENTORY_UPDATE } from '@common/contracts/settings';
import {
  STOCK_REPLACE_CHANGED,
  STOCK_UPLOAD_REJECTED,
  STOCK_UPLOAD_SUCCESS,
  type StockLevelsResponse,
  type stockLevelsBody,
  type StockUploadErrorBody,
  type StockUploadMode,
  type StockUploadResponse,
} from '@common/contracts/stock';
import type { StockUploadCounts, StockUploadPreviewResponse } from '@common/contracts/stock-uploads';
import { BACKORDER_MESSAGES } from '@common/domain/backorders';
import { LOT_MESSAGES } from '@common/domain/lots';
import { stockColumnsOf, stockLevelText } from '@common/domain/stock-level';
import { Readable } from 'node:stream';
import { allowLongStatements, withLongStatements, type Db, type Tx } from '../../db/client';
import type { z } from 'zod';
import type { Actor } from '../../lib/actor';
import { HttpError } from '../../lib/http-error';
import type { ActivityService } from '../activity';
import { createIssueCollector, type ImportsService, type IssueCollector, type PreviewOutcome } from '../imports';
import type { CartReferences } from '../carts';
import type { LotsService } from '../lots';
import type { ProductsService } from '../products';
import type { SettingsService } from '../settings';
import type { EventPublisher } from '../webhooks';
import { publishLevelEvents, publishUploadEvents } from './change-events';
import { checkWholeFile, createRowValidator, createStager, parseRecords } from './import-steps';
import {
  createStagingTable,
  deleteMissingProducts,
  fieldWarnings,
  insertNew,
  lockProductsInIdOrder,
  lockStagedProducts,
  lockStockImport,
  lowerStagedCounts,
  missingProductIds,
  setStockLevels,
  stagedCounts,
  stagedProductIds,
  stageLotSums,
  stagedStockOf,
  unknownProductIds,
  updateExisting,
} from './repository';
import { removalToken } from './removal-token';
import { readStockLevel, type HeaderResult } from './row-rules';
import { createStockImportKind, type StockFile } from './import-kind';

type Collector = IssueCollector;

/** The file's checked bytes (lib/upload receiveCsvBytes, read in full before the import's transaction begins), its name and mode. */
export type StockUpload = StockFile;

/** The file as a stream again, for the parser. */
const textOf = (upload: Pick<StockUpload, 'data'>): Readable => Readable.from([upload.data], { objectMode: false });

export type StockImportResult = { ok: true; response: StockUploadResponse } | { ok: false; body: StockUploadErrorBody };
export type UploadPreviewResult = PreviewOutcome<StockUploadPreviewResponse>;

/** Thrown inside the transaction to roll it back when the file has errors. */
class RejectFile extends Error {}

const number = new Intl.NumberFormat('en-US');

export type StockService = ReturnType<typeof createStockService>;

/**
 * Stock CSV import (docs/product-decisions.md#catalogue-and-stock): streamed, all
 * or nothing. Rows are validated as they arrive and staged in a temporary table;
 * any error rejects the whole file and nothing changes. A clean file is merged
 * in the same transaction that sets last_inventory_update, bumps the catalogue
 * version and logs stock_updated (docs/decisions/0012).
 */
export function createStockService(deps: {
  db: Db;
  activity: ActivityService;
  settings: Pick<SettingsService, 'put'>;
  products: Pick<ProductsService, 'recordChange' | 'changed' | 'versionIn'>;
  /**
   * A SKU with lots (loads) keeps their sum as its stock (quantity on order), whatever a file or PATCH
   * says; a rise of a SKU's count fills the backorders waiting on its loads first (docs/decisions/0241).
   */
  lots: Pick<LotsService, 'lotSums' | 'planStockArrivals' | 'fillStockArrivals'>;
  /** mode=replace takes removed products out of open carts, counted in the answer (docs/decisions/0130). */
  carts: Pick<CartReferences, 'productReferences' | 'removeProducts'>;
  /** Webhook events, queued in the stock change's own transaction (docs/decisions/0161). */
  events: EventPublisher;
  maxUploadMb: number;
  /** The stock CSV registers as an import kind: its previews, confirms and history (docs/decisions/0220). */
  imports: Pick<ImportsService, 'register'>;
  /** A large file's merge statements may run longer than the ordinary statement timeout. */
  importStatementTimeoutMs?: number;
}) {
  const { db, activity, products, events } = deps;
  const tooLarge = () => new HttpError(413, `The file is larger than the ${deps.maxUploadMb} MB upload limit`);

  /** Parses the file as it streams in, validates each row and stages the valid ones; then checks the file as a whole. */
  async function readAndStage(tx: Tx, upload: StockUpload, collector: Collector) {
    await createStagingTable(tx);
    const validator = createRowValidator(collector);
    const stager = createStager(tx, collector);
    const { unreadable } = await parseRecords(textOf(upload), collector, async (records) => {
      for (const { row, cells } of records) stager.add(validator.check(row, cells));
      await stager.flushIfFull();
    });
    const accepted = checkWholeFile(collector, { header: validator.header(), rows: validator.rows(), examples: validator.examples(), unreadable });
    if (accepted) await stager.flush();
    return { accepted, rows: validator.rows() };
  }

  /**
   * The file's counts that rise while backorders wait on the SKU's loads (docs/decisions/0241): the new
   * boxes go to those backorders first, so the staged count is lowered by them, and each SKU gets a line
   * among the warnings the admin reads before confirming. `write`: fill them (the confirm), else only plan
   * (the preview, whose transaction is rolled back anyway).
   */
  async function backorderArrivals(tx: Tx, header: HeaderResult, collector: Collector, write: boolean): Promise<void> {
    if (!header.present.has('stockLevel')) return;
    const counts = await stagedCounts(tx);
    const plans = write ? await deps.lots.fillStockArrivals(tx, counts) : await deps.lots.planStockArrivals(tx, counts);
    await lowerStagedCounts(tx, plans.map((p) => ({ productId: p.productId, by: p.toBackorders })));
    for (const plan of plans) {
      collector.sink.issue({ row: plan.row ?? 0, sku: String(plan.productId), field: 'stockLevel', value: String(plan.count), issue: BACKORDER_MESSAGES.stockArrival(plan) });
    }
  }

  /**
   * A SKU with lots keeps the sum of its lots, and one with loads the sum of its loads, whatever the file
   * says (docs/decisions/0186): the staged rows take the sums, and each value of the file that is not kept
   * gets a warning, the same in the preview and in the confirm's answer.
   */
  async function keepLotSums(tx: Tx, header: HeaderResult, collector: Collector): Promise<void> {
    const stock = header.present.has('stockLevel');
    const onOrder = header.present.has('quantityOnOrder');
    if (!stock && !onOrder) return;
    const sums = await deps.lots.lotSums(tx, await stagedProductIds(tx));
    if (sums.length === 0) return;
    const staged = new Map((await stagedStockOf(tx, sums.map((s) => s.id))).map((r) => [r.id, r]));
    for (const sum of sums) {
      const row = staged.get(sum.id);
      if (!row) continue;
      const sku = String(sum.id);
      const sentLevel = row.stockStatus === null ? null : stockLevelText({ stockStatus: row.stockStatus, stockCount: row.stockCount });
      if (stock && sum.stock !== null && sentLevel !== null && sentLevel !== String(sum.stock)) {
        collector.sink.issue({ row: row.row, sku, field: 'stockLevel', value: sentLevel, issue: LOT_MESSAGES.fileLevelIsLotSum(sentLevel, String(sum.stock)) });
      }
      if (onOrder && sum.onOrder !== null && row.quantityOnOrder !== null && row.quantityOnOrder !== sum.onOrder) {
        const sent = String(row.quantityOnOrder);
        collector.sink.issue({ row: row.row, sku, field: 'quantityOnOrder', value: sent, issue: LOT_MESSAGES.fileOnOrderIsLoadSum(sent, String(sum.onOrder)) });
      }
    }
    await stageLotSums(tx, sums);
  }

  /** Merges the staged rows into products, with the settings, catalogue version and activity row of the same change. */
  async function apply(
    tx: Tx,
    run: { actor: Actor; upload: StockUpload; header: HeaderResult; rows: number; collector: Collector; now: Date },
  ): Promise<{ response: StockUploadResponse; counts: StockUploadCounts }> {
    const { actor, upload, header, rows, collector, now } = run;
    await lockStockImport(tx);
    const fromCarts = upload.mode === 'replace' ? await removeFromCarts(tx, upload) : { lines: 0, carts: 0 };
    // The fields blank cells clear and prices changed without their sq ft price, counted as the preview counted them (docs/decisions/0211).
    const silentChanges = (await fieldWarnings(tx, header.present, 1)).total;
    // Every product of the file first, in id order, then (in the fill) loads: placement's order.
    await lockStagedProducts(tx);
    // Backorders waiting on a SKU's loads take its new boxes first; then the loads' sums are what is left of them.
    await backorderArrivals(tx, header, collector, true);
    // A SKU with lots or loads keeps their sums (docs/decisions/0186): the staged rows take them before the merge.
    await keepLotSums(tx, header, collector);
    const changedRows = await updateExisting(tx, header.present, now);
    const inserted = await insertNew(tx, now);
    const updated = changedRows.length;
    const created = inserted.length;
    const removed = upload.mode === 'replace' ? await deleteMissingProducts(tx) : [];
    const missing = upload.mode === 'keep' ? await missingProductIds(tx) : [];
    if (created + updated + removed.length > 0) await products.recordChange(tx);
    await deps.settings.put(LAST_INVENTORY_UPDATE, now.toISOString(), tx);

    const counts = {
      rows,
      created,
      updated,
      unchanged: rows - created - updated,
      removed: removed.length,
      missing: missing.length,
      cartLinesRemoved: fromCarts.lines,
    };
    const { validationIssues, nulledFields } = collector.lists();
    const warnings = validationIssues.length + nulledFields.length + collector.unlistedWarnings() + silentChanges;
    await activity.record(
      actor,
      {
        type: 'stock_updated',
        description: describeImport(upload.filename, counts),
        metadata: { filename: upload.filename, mode: upload.mode, ...counts, warnings },
      },
      tx,
    );
    await publishUploadEvents(events, tx, { filename: upload.filename, mode: upload.mode, now, counts, inserted, updated: changedRows, removed });
    // What the upload history keeps of the run (StockUploadCounts).
    const kept: StockUploadCounts = { rows, created, updated, unchanged: counts.unchanged, missing: counts.missing, removed: counts.removed, warnings };
    const response: StockUploadResponse = {
      message: STOCK_UPLOAD_SUCCESS,
      mode: upload.mode,
      rows,
      created,
      updated,
      unchanged: counts.unchanged,
      removed,
      missing,
      cartLinesRemoved: fromCarts.lines,
      cartsAffected: fromCarts.carts,
      warnings: { validationIssues, nulledFields },
      moreWarnings: collector.unlistedWarnings(),
    };
    return { response, counts: kept };
  }

  /**
   * A file refused for its errors (the import's transaction rolled back) is kept in the history
   * as `rejected`, with its problems in row order, as sent (docs/decisions/0211). The answer is
   * the spec's error body.
   */
  async function recordRejected(actor: Actor, upload: Pick<StockUpload, 'data' | 'filename'>, collector: Collector): Promise<StockUploadErrorBody> {
    const body = rejectedBody(collector);
    await uploads.recordRejected(actor, { filename: upload.filename, data: upload.data, problems: body.schemaErrors, problemCount: collector.totalErrors() });
    return body;
  }

  /** The spec's error body of a refused file. */
  function rejectedBody(collector: Collector): StockUploadErrorBody {
    return { message: STOCK_UPLOAD_REJECTED, ...collector.lists(), moreIssues: collector.unlistedErrors() + collector.unlistedWarnings() };
  }

  /**
   * mode=replace, under the import lock: refuses (409, nothing changed) when the products
   * to remove are not exactly the confirmed preview's, then takes them out of open carts.
   */
  async function removeFromCarts(tx: Tx, upload: StockUpload) {
    const ids = await missingProductIds(tx);
    if (upload.removalToken !== undefined && upload.removalToken !== removalToken(ids)) throw new HttpError(409, STOCK_REPLACE_CHANGED);
    return deps.carts.removeProducts(tx, ids);
  }

  /**
   * An import's transaction: its statements may run to the import limit, on the server
   * (statement_timeout for this transaction) and on the client (ADR 0170).
   */
  function longTransaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    const limit = deps.importStatementTimeoutMs;
    if (!limit) return db.transaction(work);
    return withLongStatements(() =>
      db.transaction(async (tx) => {
        await allowLongStatements(tx, limit);
        return work(tx);
      }),
    );
  }

  const uploads = deps.imports.register(
    createStockImportKind({ steps: { readAndStage, apply, longTransaction, rejectedBody, planStagedStock: async (tx, header, collector) => {
        await backorderArrivals(tx, header, collector, false);
        await keepLotSums(tx, header, collector);
      },
    }, products, carts: deps.carts }),
  );

  return {
    tooLarge,

    /**
     * The browser's upload (ADR 0191): what the file would create, change (field by field,
     * before and after), leave alone and leave out, with its warnings (import-kind.ts). The file is
     * kept as a previewed upload to confirm or cancel (the imports module).
     */
    previewUpload: (actor: Actor, upload: Pick<StockUpload, 'data' | 'filename'>): Promise<UploadPreviewResult> =>
      // receiveCsvBytes checked the bytes as CSV text.
      uploads.preview(actor, { ...upload, kind: 'csv', sha256: '' }),

    /**
     * Applies a previewed upload exactly as previewed: under the import lock, refused (409,
     * nothing changed) when the catalogue changed since the preview or the upload was
     * already applied or cancelled. mode=replace removes exactly the previewed missing products.
     */
    confirmUpload: (actor: Actor, id: number, mode: StockUploadMode): Promise<StockImportResult> => uploads.confirm(actor, id, mode),

    /** Parse, validate, apply: all inside one transaction, so a rejected file changes nothing. */
    async importCsv(actor: Actor, upload: StockUpload): Promise<StockImportResult> {
      const collector = createIssueCollector();
      const now = new Date();
      try {
        const response = await longTransaction(async (tx) => {
          const read = await readAndStage(tx, upload, collector);
          if (!read.accepted) throw new RejectFile();
          const applied = await apply(tx, { actor, upload, header: read.accepted, rows: read.rows, collector, now });
          // Not a confirmed preview: a new, applied entry of the history, with its file (ADR 0191).
          const { data, filename, mode } = upload;
          await uploads.recordApplied(tx, actor, { filename, data, mode, removalToken: upload.removalToken ?? null, counts: applied.counts, decidedAt: now });
          return applied.response;
        });
        products.changed();
        return { ok: true, response };
      } catch (error) {
        if (!(error instanceof RejectFile)) throw error;
        return { ok: false, body: await recordRejected(actor, upload, collector) };
      }
    },

    /** PATCH /api/stock: levels by SKU, all or nothing; unknown SKUs or bad levels change nothing. */
    async setLevels(actor: Actor, body: z.output<typeof stockLevelsBody>): Promise<StockLevelsResponse> {
      const errors: { path: string; message: string }[] = [];
      const seen = new Map<number, number>();
      const levels = body.items.map((item, index) => {
        const first = seen.get(item.sku);
        if (first !== undefined) errors.push({ path: `items.${index}.sku`, message: `SKU ${item.sku} appears more than once (first at item ${first + 1})` });
        seen.set(item.sku, index);
        const level = readStockLevel(String(item.stockLevel).trim(), (message) => errors.push({ path: `items.${index}.stockLevel`, message }));
        return { id: item.sku, stockLevel: level ?? '' };
      });
      if (errors.length > 0) throw new HttpError(400, errors[0]!.message, errors.slice(0, 200));
      const now = new Date();
      const adjusted: StockLevelsResponse['adjusted'] = [];
      const changed = await db.transaction(async (tx) => {
        adjusted.length = 0; // a retried transaction starts its list again
        await lockStockImport(tx);
        // The products in id order before the fill takes any load, as placement does (docs/decisions/0241).
        await lockProductsInIdOrder(tx, levels.map((l) => l.id));
        const unknown = await unknownProductIds(tx, levels.map((l) => l.id));
        if (unknown.length > 0) {
          const listed = unknown.slice(0, 20).join(', ') + (unknown.length > 20 ? ` and ${unknown.length - 20} more` : '');
          throw new HttpError(400, `Unknown SKU${unknown.length === 1 ? '' : 's'}: ${listed}. Nothing was changed.`);
        }
        // A SKU with lots keeps the sum of its lots (docs/decisions/0186).
        const lotSums = new Map((await deps.lots.lotSums(tx, levels.map((l) => l.id))).flatMap((x) => (x.stock === null ? [] : [[x.id, x.stock] as const])));
        const asSent = levels.map((l) => (lotSums.has(l.id) ? { id: l.id, stockLevel: String(lotSums.get(l.id)) } : l));
        // A rise fills the backorders waiting on the SKU's loads first, as a stock file does (docs/decisions/0241).
        const counts = asSent.flatMap((l) => {
          const columns = stockColumnsOf(l.stockLevel);
          return columns.stockStatus === 'in_stock' && !lotSums.has(l.id) ? [{ productId: l.id, count: columns.stockCount }] : [];
        });
        const arrivals = await deps.lots.fillStockArrivals(tx, counts);
        const free = new Map(arrivals.map((p) => [p.productId, p.count - p.toBackorders]));
        const kept = asSent.map((l) => (free.has(l.id) ? { id: l.id, stockLevel: String(free.get(l.id)) } : l));
        adjusted.push(
          ...levels.flatMap((sent, index) =>
            lotSums.has(sent.id) && String(lotSums.get(sent.id)) !== sent.stockLevel
              ? [{ sku: sent.id, sent: sent.stockLevel, stockLevel: kept[index]!.stockLevel, reason: LOT_MESSAGES.levelIsLotSum(kept[index]!.stockLevel) }]
              : [],
          ),
          ...arrivals.map((plan) => ({ sku: plan.productId, sent: String(plan.count), stockLevel: String(plan.count - plan.toBackorders), reason: BACKORDER_MESSAGES.stockArrival(plan) })),
        );
        const ids = await setStockLevels(tx, kept, now);
        if (ids.length > 0) await products.recordChange(tx);
        await deps.settings.put(LAST_INVENTORY_UPDATE, now.toISOString(), tx);
        await activity.record(
          actor,
          {
            type: 'stock_updated',
            description: `${actor.username} set the stock of ${number.format(levels.length)} SKU${levels.length === 1 ? '' : 's'} (${number.format(ids.length)} changed)`,
            metadata: { source: 'api', items: levels.length, updated: ids.length },
          },
          tx,
        );
        const changedIds = new Set(ids);
        await publishLevelEvents(events, tx, now, kept.filter((l) => changedIds.has(l.id)).sort((a, b) => a.id - b.id));
        return ids.length;
      });
      products.changed();
      return { message: STOCK_UPLOAD_SUCCESS, updated: changed, unchanged: levels.length - changed, adjusted: adjusted.sort((a, b) => a.sku - b.sku) };
    },
  };
}

function describeImport(
  filename: string,
  c: { rows: number; created: number; updated: number; unchanged: number; removed: number; missing: number; cartLinesRemoved: number },
): string {
  const parts = [
    `${number.format(c.rows)} ${c.rows === 1 ? 'row' : 'rows'}`,
    `${number.format(c.created)} new`,
    `${number.format(c.updated)} updated`,
    `${number.format(c.unchanged)} unchanged`,
  ];
  if (c.removed > 0) parts.push(`${number.format(c.removed)} removed`);
  if (c.cartLinesRemoved > 0) parts.push(`${number.format(c.cartLinesRemoved)} cart lines of removed products taken out`);
  if (c.missing > 0) parts.push(`${number.format(c.missing)} not in the file kept`);
  return `Stock upload ${filename}: ${parts.join(', ')}`;
}

import { STOCK_ISSUE_LIST_LIMIT as FIELD_WARNING_LIMIT, STOCK_UPLOAD_REJECTED, type StockUploadErrorBody, type StockUploadMode, type StockUploadResponse } from '@common/contracts/stock';
import { STOCK_PREVIEW_ROWS_LIMIT, type StockUploadCounts, type StockUploadPreviewResponse } from '@common/contracts/stock-uploads';
import { STOCK_UPLOAD_MESSAGES } from '@common/domain/stock-uploads';
import type { Tx } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { HttpError } from '../../lib/http-error';
import type { CartReferences } from '../carts';
import { createIssueCollector, RefusedAtConfirm, type ImportKind, type IssueCollector } from '../imports';
import type { ProductsService } from '../products';
import { fieldWarnings, lockStockImport, missingProducts, previewChanges, previewCreated } from './repository';
import { removalToken } from './removal-token';
import type { HeaderResult } from './row-rules';

/** The file as the stock import reads it: its bytes, its name, and for a confirmed preview the preview's token. */
export interface StockFile {
  data: Buffer;
  filename: string;
  mode: StockUploadMode;
  /** mode=replace: the confirmed preview's token; without one (an API client) the replace is not checked against a preview. */
  removalToken?: string;
}

/** The steps of the stock import that the preview and the confirm share with a direct upload (service.ts). */
export interface StockImportSteps {
  readAndStage(tx: Tx, upload: StockFile, collector: IssueCollector): Promise<{ accepted: HeaderResult | null; rows: number }>;
  apply(tx: Tx, run: { actor: Actor; upload: StockFile; header: HeaderResult; rows: number; collector: IssueCollector; now: Date }): Promise<{ response: StockUploadResponse; counts: StockUploadCounts }>;
  longTransaction<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  rejectedBody(collector: IssueCollector): StockUploadErrorBody;
  /**
   * The stock the confirm will write, staged with a warning wherever it is not the file's: new boxes
   * going to waiting backorders (docs/decisions/0241), sums of lots and loads kept (docs/decisions/0186).
   */
  planStagedStock(tx: Tx, header: HeaderResult, collector: IssueCollector): Promise<void>;
}

/** Thrown to roll back a preview's transaction, carrying its answer or its problems. */
class PreviewDone<T> extends Error {
  constructor(readonly outcome: T) {
    super('preview');
  }
}

type Computed = Omit<StockUploadPreviewResponse, 'uploadId'> & { version: string | null };

/**
 * The stock CSV as an import kind (docs/decisions/0220, after ADR 0191): the preview reads and
 * stages the file in a transaction that is always rolled back and says what it would create, change
 * (field by field), leave alone and leave out; the confirm applies it under the import lock only
 * while the catalogue is at the previewed version.
 */
export function createStockImportKind(deps: {
  steps: StockImportSteps;
  products: Pick<ProductsService, 'versionIn' | 'changed'>;
  carts: Pick<CartReferences, 'productReferences'>;
}): ImportKind<StockUploadPreviewResponse, StockUploadResponse, StockUploadMode> {
  const { steps, products } = deps;

  async function compute(upload: Pick<StockFile, 'data' | 'filename'>, collector: IssueCollector): Promise<Computed | null> {
    try {
      await steps.longTransaction(async (tx) => {
        const read = await steps.readAndStage(tx, { ...upload, mode: 'keep' }, collector);
        if (!read.accepted) throw new PreviewDone(null);
        await steps.planStagedStock(tx, read.accepted, collector);
        const created = await previewCreated(tx, STOCK_PREVIEW_ROWS_LIMIT);
        const changed = await previewChanges(tx, read.accepted.present, STOCK_PREVIEW_ROWS_LIMIT);
        const missing = await missingProducts(tx);
        const inCarts = await deps.carts.productReferences(tx, missing.map((p) => p.id));
        const { validationIssues, nulledFields } = collector.lists();
        const silent = await fieldWarnings(tx, read.accepted.present, FIELD_WARNING_LIMIT);
        const warnings = validationIssues.length + nulledFields.length + collector.unlistedWarnings() + silent.total;
        const listedMissing = missing.slice(0, STOCK_PREVIEW_ROWS_LIMIT);
        const computed: Computed = {
          version: await products.versionIn(tx),
          filename: upload.filename,
          counts: {
            rows: read.rows,
            created: created.total,
            updated: changed.total,
            unchanged: read.rows - created.total - changed.total,
            missing: missing.length,
            removed: 0,
            warnings,
          },
          created: created.rows,
          changed: changed.rows.map((r) => ({
            id: r.id,
            name: r.name,
            changes: r.fields.map((field, i) => ({ field, before: r.before[i] ?? null, after: r.after[i] ?? null })).filter((c) => c.before !== c.after),
          })),
          missing: listedMissing,
          cartLines: inCarts.lines,
          carts: inCarts.carts,
          warnings: { validationIssues, nulledFields },
          moreWarnings: collector.unlistedWarnings(),
          fieldWarnings: silent.rows,
          moreFieldWarnings: silent.total - silent.rows.length,
          rows: read.rows,
          removedCount: missing.length,
          removed: listedMissing,
          removalToken: removalToken(missing.map((p) => p.id)),
        };
        throw new PreviewDone(computed);
      });
      throw new Error('preview transaction ended without an answer');
    } catch (error) {
      if (!(error instanceof PreviewDone)) throw error;
      return error.outcome as Computed | null;
    }
  }

  return {
    name: 'stock',

    async preview(_actor, file) {
      const collector = createIssueCollector();
      const computed = await compute(file, collector);
      if (!computed) {
        // A refused file is kept `rejected`, as sent, with its problems in row order (docs/decisions/0211).
        const body = steps.rejectedBody(collector);
        return { ok: false, body, refused: { filename: file.filename, data: file.data, problems: body.schemaErrors, problemCount: collector.totalErrors() } };
      }
      const { version, ...preview } = computed;
      return {
        ok: true,
        keep: { filename: file.filename, data: file.data, counts: preview.counts, catalogueVersion: version, removalToken: preview.removalToken },
        answer: (uploadId) => ({ uploadId, ...preview }),
      };
    },

    async apply(tx, { actor, kept, input: mode }) {
      await lockStockImport(tx);
      if ((await products.versionIn(tx)) !== kept.catalogueVersion) throw new HttpError(409, STOCK_UPLOAD_MESSAGES.catalogueChanged);
      const upload: StockFile = { data: kept.data, filename: kept.filename, mode, removalToken: mode === 'replace' ? (kept.removalToken ?? undefined) : undefined };
      const collector = createIssueCollector();
      const read = await steps.readAndStage(tx, upload, collector);
      if (!read.accepted) throw new RefusedAtConfirm({ ...steps.rejectedBody(collector), message: STOCK_UPLOAD_REJECTED });
      const { response, counts } = await steps.apply(tx, { actor, upload, header: read.accepted, rows: read.rows, collector, now: new Date() });
      return { response, counts, mode };
    },

    transaction: (work) => steps.longTransaction(work),
    afterCommit: () => products.changed(),
  };
}

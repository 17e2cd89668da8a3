import type { LotsUploadCounts } from '@common/contracts/lots-uploads';
import type { SchemaError } from '@common/contracts/stock';
import type { StockUploadHistoryEntry } from '@common/contracts/stock-uploads';
import { isOneOf } from '@common/domain/one-of';
import { PREVIEW_CONFIRMABLE_MINUTES, STOCK_UPLOAD_KINDS, STOCK_UPLOAD_MESSAGES, type StockUploadKind, type UploadKind } from '@common/domain/stock-uploads';
import type { Db, DbOrTx, Tx } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { HttpError } from '../../lib/http-error';
import { decideUpload, findUpload, insertUpload, listUploads, type StockUploadRow } from './upload-repository';

type ListedRow = Omit<StockUploadRow, 'data' | 'userId' | 'catalogueVersion' | 'removalToken' | 'lotsDigest' | 'kind'> & { kind: StockUploadKind };

/** A history row as the API shows it: a stock upload's counts or a lots file's (ADR 0196). */
export function toHistoryEntry(row: ListedRow): StockUploadHistoryEntry {
  const common = {
    id: row.id,
    filename: row.filename,
    username: row.username,
    source: row.source,
    status: row.status,
    size: row.size,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decidedBy: row.decidedBy,
    problems: row.problems ?? [],
    problemCount: row.counts.problems ?? row.problems?.length ?? 0,
  };
  const { problems: _problems, ...counts } = row.counts;
  if (row.kind === 'stock') {
    return {
      ...common,
      kind: 'stock',
      mode: row.mode === 'keep' || row.mode === 'replace' ? row.mode : null,
      counts: { rows: 0, created: 0, updated: 0, unchanged: 0, missing: 0, removed: 0, warnings: 0, ...counts },
    };
  }
  return { ...common, kind: row.kind, mode: null, counts: { rows: 0, skus: 0, ...counts } };
}

const isStockKind = (row: StockUploadRow): row is StockUploadRow & { kind: StockUploadKind } => isOneOf(STOCK_UPLOAD_KINDS, row.kind);

/** Who the history names: a token's uploads carry the token's name (ADR 0191). */
const uploaderOf = (actor: Actor) => (actor.apiToken ? `${actor.username} (token ${actor.apiToken.name})` : actor.username);
const sourceOf = (actor: Actor) => (actor.apiToken ? ('api' as const) : ('browser' as const));

export type UploadHistory = ReturnType<typeof createUploadHistory>;

/**
 * Whether `actor` may confirm this upload as a `kind` now (docs/decisions/0204): 404 when there is
 * none, 409 when it is of another kind, already decided or older than an hour, 403 when someone
 * else previewed it (a deleted user's previews can therefore never be confirmed).
 */
export function checkConfirmable(row: StockUploadRow | undefined, kind: UploadKind, actor: Actor, now = new Date()): StockUploadRow {
  if (!row) throw new HttpError(404, STOCK_UPLOAD_MESSAGES.notFound);
  if (row.kind !== kind) throw new HttpError(409, STOCK_UPLOAD_MESSAGES.wrongKind(row.kind, row.id));
  if (row.status !== 'previewed') throw new HttpError(409, STOCK_UPLOAD_MESSAGES.alreadyDecided);
  if (row.userId !== actor.userId) throw new HttpError(403, STOCK_UPLOAD_MESSAGES.notYours);
  if (now.getTime() - row.createdAt.getTime() > PREVIEW_CONFIRMABLE_MINUTES * 60_000) throw new HttpError(409, STOCK_UPLOAD_MESSAGES.expired);
  return row;
}

/**
 * The upload history (ADR 0191, ADR 0196): every stock, lots and incoming file the portal was
 * given, with its file. The stock module owns the table; the lots module keeps its files through
 * this service, handed to it in app.ts, so one history holds all three kinds.
 */
export function createUploadHistory(db: Db) {
  return {
    async list(limit: number, kind?: StockUploadKind): Promise<StockUploadHistoryEntry[]> {
      // The query asks for stock kinds only; the check narrows the type without a cast.
      return (await listUploads(db, limit, kind)).flatMap((row) => (isOneOf(STOCK_UPLOAD_KINDS, row.kind) ? [toHistoryEntry({ ...row, kind: row.kind })] : []));
    },

    /** The file of one upload, as it was sent. */
    async file(id: number): Promise<{ filename: string; data: Buffer }> {
      const row = await findUpload(db, id);
      if (!row) throw new HttpError(404, STOCK_UPLOAD_MESSAGES.notFound);
      return { filename: row.filename, data: row.data };
    },

    /** Cancel, of any kind: the previewed upload is marked cancelled; nothing else changes. */
    async cancel(actor: Actor, id: number): Promise<StockUploadHistoryEntry> {
      return db.transaction(async (tx) => {
        const row = await findUpload(tx, id, true);
        // A merchandise workbook is not in the stock history; its own module cancels it (cancelPreview).
        if (!row || !isStockKind(row)) throw new HttpError(404, STOCK_UPLOAD_MESSAGES.notFound);
        if (row.status !== 'previewed') throw new HttpError(409, STOCK_UPLOAD_MESSAGES.alreadyDecided);
        const decided = await decideUpload(tx, id, { status: 'cancelled', decidedBy: actor.username, decidedAt: new Date() });
        return toHistoryEntry({ ...decided!, kind: row.kind });
      });
    },

    /**
     * Cancel of one kind (the merchandise workbook's, ADR 0214): 404 when it is not an upload of
     * that kind, 409 when already decided; nothing else changes.
     */
    async cancelPreview(actor: Actor, id: number, kind: UploadKind): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await findUpload(tx, id, true);
        if (!row || row.kind !== kind) throw new HttpError(404, STOCK_UPLOAD_MESSAGES.notFound);
        if (row.status !== 'previewed') throw new HttpError(409, STOCK_UPLOAD_MESSAGES.alreadyDecided);
        await decideUpload(tx, id, { status: 'cancelled', decidedBy: actor.username, decidedAt: new Date() });
      });
    },

    /**
     * A lots, incoming or merchandise file that was previewed: kept to confirm or cancel, with the
     * digest of what the preview saw (kept in lots_digest for every kind, ADR 0214).
     */
    async keepPreview(actor: Actor, upload: { kind: 'lots' | 'incoming' | 'merchandise'; filename: string; data: Buffer; lotsDigest: string; counts: LotsUploadCounts | Record<string, number> }): Promise<number> {
      return insertUpload(db, {
        kind: upload.kind,
        userId: actor.userId,
        username: uploaderOf(actor),
        source: sourceOf(actor),
        status: 'previewed',
        filename: upload.filename,
        mode: null,
        data: upload.data,
        catalogueVersion: null,
        removalToken: null,
        lotsDigest: upload.lotsDigest,
        counts: upload.counts,
      });
    },

    /**
     * In the confirm's transaction: the previewed upload, held (FOR UPDATE) so two confirms cannot
     * both apply it, and still confirmable by this actor (checkConfirmable).
     */
    async takePreviewed(tx: Tx, id: number, kind: UploadKind, actor: Actor): Promise<StockUploadRow> {
      return checkConfirmable(await findUpload(tx, id, true), kind, actor);
    },

    /** Reads a previewed upload without holding it (the confirm parses its file before its transaction). */
    find: (id: number) => findUpload(db, id),

    async markApplied(tx: Tx, id: number, actor: Actor): Promise<void> {
      await decideUpload(tx, id, { status: 'applied', decidedBy: actor.username, decidedAt: new Date() });
    },

    /**
     * A file refused for its problems, at preview or on a direct upload (docs/decisions/0211): kept
     * `rejected` with its problems (the listed ones, in row order) and their count, so the history
     * says what went wrong. `data` is what this kind keeps of an accepted file (a stock CSV as
     * sent; nothing for a lots or incoming file, whose kept file is its checked rows).
     */
    async recordRejected(
      actor: Actor,
      upload: { kind: StockUploadKind; filename: string; data: Buffer; problems: SchemaError[]; problemCount: number; rows?: number },
    ): Promise<number> {
      const now = new Date();
      return insertUpload(db, {
        kind: upload.kind,
        userId: actor.userId,
        username: uploaderOf(actor),
        source: sourceOf(actor),
        status: 'rejected',
        filename: upload.filename,
        mode: null,
        data: upload.data,
        catalogueVersion: null,
        removalToken: null,
        counts: { rows: upload.rows ?? 0, problems: upload.problemCount },
        problems: upload.problems,
        decidedAt: now,
        decidedBy: actor.username,
      });
    },

    /** An upload applied at once (an integration's POST): recorded `applied`, with its file, in the change's transaction. */
    async recordApplied(tx: DbOrTx, actor: Actor, upload: { kind: 'lots' | 'incoming'; filename: string; data: Buffer; counts: LotsUploadCounts }): Promise<void> {
      const now = new Date();
      await insertUpload(tx, {
        kind: upload.kind,
        userId: actor.userId,
        username: uploaderOf(actor),
        source: sourceOf(actor),
        status: 'applied',
        filename: upload.filename,
        mode: null,
        data: upload.data,
        catalogueVersion: null,
        removalToken: null,
        counts: upload.counts,
        decidedAt: now,
        decidedBy: actor.username,
      });
    },
  };
}

import type { StockUploadHistoryEntry } from '@common/contracts/stock-uploads';
import { isOneOf } from '@common/domain/one-of';
import { PREVIEW_CONFIRMABLE_MINUTES, STOCK_UPLOAD_KINDS, STOCK_UPLOAD_MESSAGES, type StockUploadKind, type UploadKind } from '@common/domain/stock-uploads';
import type { Db, DbOrTx, Tx } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { HttpError } from '../../lib/http-error';
import type { KeptPreview, RefusedFile } from './kind';
import { decideUpload, findUpload, insertUpload, listUploads, type UploadRow } from './repository';

type ListedRow = Omit<UploadRow, 'data' | 'userId' | 'catalogueVersion' | 'removalToken' | 'digest' | 'kind'> & { kind: StockUploadKind };

/**
 * A history row as the API shows it (the history contract, common/contracts/stock-uploads.ts):
 * the stock CSV's counts with its mode, or a lots or incoming file's counts. Every count the kind
 * kept is passed through; the contract's missing ones read 0.
 */
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
  if (row.kind === 'users') {
    return { ...common, kind: 'users', mode: null, counts: { rows: 0, created: 0, skippedExamples: 0, warnings: 0, ...counts } };
  }
  if (row.kind === 'price_list') {
    return { ...common, kind: 'price_list', mode: null, counts: { rows: 0, lists: 0, added: 0, changed: 0, removed: 0, unchanged: 0, flagged: 0, ...counts } };
  }
  return { ...common, kind: row.kind, mode: null, counts: { rows: 0, skus: 0, ...counts } };
}

const isListedKind = (row: UploadRow): row is UploadRow & { kind: StockUploadKind } => isOneOf(STOCK_UPLOAD_KINDS, row.kind);

/** Who the history names: a token's uploads carry the token's name (ADR 0191). */
const uploaderOf = (actor: Actor) => (actor.apiToken ? `${actor.username} (token ${actor.apiToken.name})` : actor.username);
const sourceOf = (actor: Actor) => (actor.apiToken ? ('api' as const) : ('browser' as const));

/**
 * Whether `actor` may confirm this upload as a `kind` now (docs/decisions/0204): 404 when there is
 * none, 409 when it is of another kind, already decided or older than an hour, 403 when someone
 * else previewed it (a deleted user's previews can therefore never be confirmed).
 */
export function checkConfirmable(row: UploadRow | undefined, kind: UploadKind, actor: Actor, now = new Date()): UploadRow {
  if (!row) throw new HttpError(404, STOCK_UPLOAD_MESSAGES.notFound);
  if (row.kind !== kind) throw new HttpError(409, STOCK_UPLOAD_MESSAGES.wrongKind(row.kind, row.id));
  if (row.status !== 'previewed') throw new HttpError(409, STOCK_UPLOAD_MESSAGES.alreadyDecided);
  if (row.userId !== actor.userId) throw new HttpError(403, STOCK_UPLOAD_MESSAGES.notYours);
  if (now.getTime() - row.createdAt.getTime() > PREVIEW_CONFIRMABLE_MINUTES * 60_000) throw new HttpError(409, STOCK_UPLOAD_MESSAGES.expired);
  return row;
}

export type UploadHistory = ReturnType<typeof createUploadHistory>;

/** What of a decided upload's file the history keeps: undefined keeps all of it (ImportKind.keptOnceDecided). */
export type KeptOnceDecided = (kind: UploadKind, data: Buffer) => Buffer | undefined;

/**
 * The upload table's life cycle, for every kind (docs/decisions/0220): previewed -> applied or
 * cancelled; rejected and direct applied runs recorded as they happen. Nothing here reads a
 * kind's columns; the digest, version and token are kept for the kind's own confirm.
 */
export function createUploadHistory(db: Db) {
  return {
    /** The newest uploads of the history's kinds (or of one) but `hidden`, without their files. Merchandise workbooks are not listed (docs/decisions/0214). */
    async list(limit: number, kind?: StockUploadKind, hidden: readonly StockUploadKind[] = []): Promise<StockUploadHistoryEntry[]> {
      // The query asks for listed kinds only; the check narrows the type without a cast.
      return (await listUploads(db, limit, kind, hidden)).flatMap((row) => (isOneOf(STOCK_UPLOAD_KINDS, row.kind) ? [toHistoryEntry({ ...row, kind: row.kind })] : []));
    },

    /** The file of one upload, as it was kept; an upload of a `hidden` kind is not found. */
    async file(id: number, hidden: readonly UploadKind[] = []): Promise<{ filename: string; data: Buffer }> {
      const row = await findUpload(db, id);
      if (!row || hidden.includes(row.kind)) throw new HttpError(404, STOCK_UPLOAD_MESSAGES.notFound);
      return { filename: row.filename, data: row.data };
    },

    /**
     * Cancel of a listed kind (the history's cancel): the previewed upload is marked cancelled, its
     * file reduced to what the kind keeps once decided; nothing else changes.
     */
    async cancel(actor: Actor, id: number, kept: KeptOnceDecided = () => undefined): Promise<StockUploadHistoryEntry> {
      return db.transaction(async (tx) => {
        const row = await findUpload(tx, id, true);
        // A merchandise workbook is not in the history; its own route cancels it (cancelOf).
        if (!row || !isListedKind(row)) throw new HttpError(404, STOCK_UPLOAD_MESSAGES.notFound);
        if (row.status !== 'previewed') throw new HttpError(409, STOCK_UPLOAD_MESSAGES.alreadyDecided);
        const decided = await decideUpload(tx, id, { status: 'cancelled', decidedBy: actor.username, decidedAt: new Date(), data: kept(row.kind, row.data) });
        return toHistoryEntry({ ...decided!, kind: row.kind });
      });
    },

    /** Cancel of one kind: 404 when it is not an upload of that kind, 409 when already decided; nothing else changes. */
    async cancelOf(actor: Actor, id: number, kind: UploadKind, kept: KeptOnceDecided = () => undefined): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await findUpload(tx, id, true);
        if (!row || row.kind !== kind) throw new HttpError(404, STOCK_UPLOAD_MESSAGES.notFound);
        if (row.status !== 'previewed') throw new HttpError(409, STOCK_UPLOAD_MESSAGES.alreadyDecided);
        await decideUpload(tx, id, { status: 'cancelled', decidedBy: actor.username, decidedAt: new Date(), data: kept(kind, row.data) });
      });
    },

    /** A previewed file, kept to confirm or cancel. */
    keepPreview(actor: Actor, kind: UploadKind, kept: KeptPreview): Promise<number> {
      return insertUpload(db, { kind, userId: actor.userId, username: uploaderOf(actor), source: sourceOf(actor), status: 'previewed', ...kept });
    },

    /** Reads a previewed upload without holding it (the confirm reads its file before its transaction). */
    find: (id: number) => findUpload(db, id),

    /** In the confirm's transaction: the upload held (FOR UPDATE) so two confirms cannot both apply it, and still confirmable. */
    async take(tx: Tx, id: number, kind: UploadKind, actor: Actor): Promise<UploadRow> {
      return checkConfirmable(await findUpload(tx, id, true), kind, actor);
    },

    async markApplied(tx: Tx, id: number, actor: Actor, run: { mode?: string; counts?: Record<string, number>; data?: Buffer }): Promise<void> {
      await decideUpload(tx, id, { status: 'applied', decidedBy: actor.username, decidedAt: new Date(), ...run });
    },

    /** A file refused for its problems, at preview or on a direct upload (docs/decisions/0211): kept `rejected` with its problems. */
    async recordRejected(actor: Actor, kind: UploadKind, refused: RefusedFile): Promise<number> {
      return insertUpload(db, {
        kind,
        userId: actor.userId,
        username: uploaderOf(actor),
        source: sourceOf(actor),
        status: 'rejected',
        filename: refused.filename,
        data: refused.data,
        counts: { rows: refused.rows ?? 0, problems: refused.problemCount },
        problems: refused.problems,
        decidedAt: new Date(),
        decidedBy: actor.username,
      });
    },

    /** An upload applied at once (an integration's POST): recorded `applied`, with its file, in the change's transaction. */
    async recordApplied(
      tx: DbOrTx,
      actor: Actor,
      kind: UploadKind,
      upload: { filename: string; data: Buffer; counts: Record<string, number>; mode?: string; removalToken?: string | null; decidedAt?: Date },
    ): Promise<void> {
      const { decidedAt, ...kept } = upload;
      await insertUpload(tx, {
        kind,
        userId: actor.userId,
        username: uploaderOf(actor),
        source: sourceOf(actor),
        status: 'applied',
        ...kept,
        decidedAt: decidedAt ?? new Date(),
        decidedBy: actor.username,
      });
    },
  };
}

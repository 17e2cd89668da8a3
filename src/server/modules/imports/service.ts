import type { StockUploadErrorBody } from '@common/contracts/stock';
import { STOCK_HISTORY_PAGE_SIZE, type StockUploadHistoryEntry } from '@common/contracts/stock-uploads';
import { isOneOf } from '@common/domain/one-of';
import { STOCK_UPLOAD_KINDS, type StockUploadKind, type UploadKind } from '@common/domain/stock-uploads';
import type { Db, DbOrTx, Tx } from '../../db/client';
import type { Actor } from '../../lib/actor';
import type { ReceivedFile } from '../../lib/upload';
import { checkConfirmable, createUploadHistory, type KeptOnceDecided } from './history';
import { RefusedAtConfirm, type ImportKind, type PreviewProgress, type RefusedFile, type StoredPreview } from './kind';
import type { UploadRow } from './repository';

export type PreviewOutcome<Preview, Refusal = StockUploadErrorBody> = { ok: true; preview: Preview } | { ok: false; body: Refusal };
export type ConfirmOutcome<Result, Refusal = StockUploadErrorBody> = { ok: true; response: Result } | { ok: false; body: Refusal };

const storedPreview = (row: UploadRow): StoredPreview => ({
  id: row.id,
  filename: row.filename,
  data: row.data,
  counts: row.counts,
  digest: row.digest,
  catalogueVersion: row.catalogueVersion,
  removalToken: row.removalToken,
});

/** What a kind's module holds after registering: its own preview, confirm, cancel and history records. */
export type ImportsOf<Preview, Result, Input = void, Refusal = StockUploadErrorBody> = ReturnType<typeof handleFor<Preview, Result, Input, unknown, Refusal>>;

function handleFor<Preview, Result, Input, Read, Refusal>(
  db: Db,
  history: ReturnType<typeof createUploadHistory>,
  kind: ImportKind<Preview, Result, Input, Read, Refusal>,
) {
  const name: UploadKind = kind.name;
  const keptOnceDecided: KeptOnceDecided = (_kind, data) => kind.keptOnceDecided?.(data);
  const transaction = <T>(work: (tx: Tx) => Promise<T>): Promise<T> => (kind.transaction ? kind.transaction(work) : db.transaction(work));

  return {
    /** Reads the file and keeps it `previewed` (or `rejected` with its problems); nothing else changes. */
    async preview(actor: Actor, file: ReceivedFile, progress?: PreviewProgress): Promise<PreviewOutcome<Preview, Refusal>> {
      const step = await kind.preview(actor, file, progress);
      if (!step.ok) {
        if (step.refused) await history.recordRejected(actor, name, step.refused);
        return { ok: false, body: step.body };
      }
      const uploadId = await history.keepPreview(actor, name, step.keep);
      return { ok: true, preview: step.answer(uploadId) };
    },

    /**
     * Applies a previewed upload exactly as previewed, once: checked before the file is read again
     * (docs/decisions/0204), then held FOR UPDATE in one transaction with the kind's apply step and
     * marked applied there. Anything the apply step throws rolls all of it back; the upload stays
     * `previewed` in the history.
     */
    async confirm(actor: Actor, id: number, input: Input): Promise<ConfirmOutcome<Result, Refusal>> {
      const kept = storedPreview(checkConfirmable(await history.find(id), name, actor));
      const read = (kind.read ? await kind.read(actor, kept) : undefined) as Read;
      try {
        const response = await transaction(async (tx) => {
          await history.take(tx, id, name, actor);
          const applied = await kind.apply(tx, { actor, kept, input, read });
          await history.markApplied(tx, id, actor, { mode: applied.mode, counts: applied.counts, data: kind.keptOnceDecided?.(kept.data) });
          return applied.response;
        });
        kind.afterCommit?.();
        return { ok: true, response };
      } catch (error) {
        // The kind throws its own refusal's body (RefusedAtConfirm); nothing was changed.
        if (error instanceof RefusedAtConfirm) return { ok: false, body: error.body as Refusal };
        throw error;
      }
    },

    /** Cancel: the previewed upload is marked cancelled; nothing else changes. */
    cancel: (actor: Actor, id: number) => history.cancelOf(actor, id, name, keptOnceDecided),

    /** A direct upload applied at once, recorded in the change's transaction. */
    recordApplied: (tx: DbOrTx, actor: Actor, upload: Parameters<typeof history.recordApplied>[3]) => history.recordApplied(tx, actor, name, upload),

    /** A direct upload refused for its problems, recorded `rejected`. */
    recordRejected: (actor: Actor, refused: RefusedFile) => history.recordRejected(actor, name, refused),
  };
}

export type ImportsService = ReturnType<typeof createImportsService>;

/**
 * Every file upload's pipeline (docs/decisions/0220): a kind's module registers its ImportKind
 * (one line) and gets back its preview, confirm and cancel; the history and the kept files are
 * read here for every kind.
 */
export function createImportsService(db: Db) {
  const history = createUploadHistory(db);
  /** The registered kinds' history hooks (what stays of a decided file, who sees the kind). */
  const registered = new Map<UploadKind, Pick<ImportKind<unknown, unknown>, 'keptOnceDecided' | 'listedFor'>>();
  const hiddenFrom = (actor?: Actor) =>
    actor ? [...registered].flatMap(([name, kind]) => (kind.listedFor && !kind.listedFor(actor) && isOneOf(STOCK_UPLOAD_KINDS, name) ? [name] : [])) : [];

  return {
    register<Preview, Result, Input = void, Read = void, Refusal = StockUploadErrorBody>(kind: ImportKind<Preview, Result, Input, Read, Refusal>) {
      if (registered.has(kind.name)) throw new Error(`The import kind ${kind.name} is registered twice`);
      registered.set(kind.name, { keptOnceDecided: kind.keptOnceDecided?.bind(kind), listedFor: kind.listedFor?.bind(kind) });
      return handleFor(db, history, kind);
    },

    /**
     * The newest uploads (stock, lots, incoming and users, or one kind), previewed, applied,
     * cancelled and rejected, without their files; without the kinds `actor` is not shown.
     */
    history: (kind?: StockUploadKind, actor?: Actor): Promise<StockUploadHistoryEntry[]> => history.list(STOCK_HISTORY_PAGE_SIZE, kind, hiddenFrom(actor)),

    /** The file of one upload, as it was kept (not found when `actor` is not shown its kind). */
    file: (id: number, actor?: Actor) => history.file(id, hiddenFrom(actor)),

    /** The history's Cancel, of any listed kind. */
    cancel: (actor: Actor, id: number): Promise<StockUploadHistoryEntry> =>
      history.cancel(actor, id, (kind, data) => registered.get(kind)?.keptOnceDecided?.(data)),
  };
}

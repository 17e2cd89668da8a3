import type { SchemaError, StockUploadErrorBody } from '@common/contracts/stock';
import type { UploadKind } from '@common/domain/stock-uploads';
import type { Tx } from '../../db/client';
import type { Actor } from '../../lib/actor';
import type { ReceivedFile } from '../../lib/upload';

/*
 * What a kind of file plugs into the imports module (docs/decisions/0220): how to read and preview
 * it, and how to apply a confirmed preview. The kind's module owns its columns, row rules, digest
 * and apply step; the imports module owns the stored preview, the confirm's transaction and checks,
 * the cancel and the history, and never reads a kind's columns.
 */

/** What the table keeps of a previewed file for its confirm. */
export interface KeptPreview {
  filename: string;
  /** The file to read again at the confirm (and to download from the history). */
  data: Buffer;
  counts: Record<string, number>;
  /** The kind's digest of what the preview compared against; the kind's apply checks it again. */
  digest?: string | null;
  catalogueVersion?: string | null;
  removalToken?: string | null;
}

/** A file refused for its problems, kept `rejected` with them (docs/decisions/0211). */
export interface RefusedFile {
  filename: string;
  /** What the kind keeps of a refused file (a stock CSV as sent; nothing for a lots file). */
  data: Buffer;
  problems: SchemaError[];
  problemCount: number;
  rows?: number;
}

export type PreviewStep<Preview, Refusal = StockUploadErrorBody> =
  | { ok: true; keep: KeptPreview; answer: (uploadId: number) => Preview }
  /** `body` is the 400's; `refused` is recorded in the history (without it nothing is). */
  | { ok: false; body: Refusal; refused?: RefusedFile };

/** A previewed upload as the kind's confirm sees it. */
export interface StoredPreview {
  id: number;
  filename: string;
  data: Buffer;
  /** The counts the preview kept. */
  counts: Record<string, number>;
  digest: string | null;
  catalogueVersion: string | null;
  removalToken: string | null;
}

export interface Applied<Result> {
  response: Result;
  /** What the history keeps of the applied run, when it differs from the preview's. */
  counts?: Record<string, number>;
  mode?: string;
}

/** Thrown by a kind's apply: the file has problems now; the transaction rolls back and the answer is a 400 with `body`. */
export class RefusedAtConfirm<Refusal extends { message: string } = StockUploadErrorBody> extends Error {
  constructor(readonly body: Refusal) {
    super(body.message);
  }
}

/** How far a long preview is (the users file's password hashing, docs/decisions/0225). */
export type PreviewProgress = (done: number, total: number) => void;

export interface ImportKind<Preview, Result, Input = void, Read = void, Refusal = StockUploadErrorBody> {
  name: UploadKind;
  /** Reads and checks the file and says what it would do; changes nothing. A kind with slow work may report `progress`. */
  preview(actor: Actor, file: ReceivedFile, progress?: PreviewProgress): Promise<PreviewStep<Preview, Refusal>>;
  /** Before the confirm's transaction takes a connection (ADR 0170): the kept file read again. */
  read?(actor: Actor, kept: StoredPreview): Promise<Read>;
  /**
   * In the confirm's transaction, with the previewed row held: applies the file exactly as
   * previewed, or throws (an HttpError, RefusedAtConfirm) so nothing changes.
   */
  apply(tx: Tx, run: { actor: Actor; kept: StoredPreview; input: Input; read: Read }): Promise<Applied<Result>>;
  /** Opens the confirm's transaction when the kind needs more than db.transaction (a longer statement limit). */
  transaction?<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  /** After the confirm committed: caches, notices. */
  afterCommit?(): void;
  /**
   * What the history keeps of a kept file once it is applied or cancelled, when not all of it
   * (a users file's password hashes are needed only until then, docs/decisions/0225).
   */
  keptOnceDecided?(data: Buffer): Buffer;
  /**
   * Whether the history lists this kind's uploads (and serves their files) to `actor`; default
   * yes. A users file names people, so an API token's stock scope does not show it (docs/decisions/0225).
   */
  listedFor?(actor: Actor): boolean;
}

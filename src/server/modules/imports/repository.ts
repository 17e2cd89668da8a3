import { desc, eq, inArray } from 'drizzle-orm';
import { STOCK_UPLOAD_KINDS, type StockUploadKind, type StockUploadSource, type StockUploadStatus, type UploadKind } from '@common/domain/stock-uploads';
import type { DbOrTx } from '../../db/client';
import { stockUploads } from '../../db/schema';

/** The upload table (stock_uploads): every kind's files, previews and history, and nothing of a kind's columns. */
export type UploadRow = typeof stockUploads.$inferSelect;

/** Counts as the kind kept them (a stock upload's StockUploadCounts, a lots file's LotsUploadCounts). */
type Counts = Record<string, number>;

export async function insertUpload(
  db: DbOrTx,
  row: {
    /** Default stock. */
    kind?: UploadKind;
    userId: number;
    username: string;
    source: StockUploadSource;
    status: StockUploadStatus;
    filename: string;
    mode?: string | null;
    data: Buffer;
    catalogueVersion?: string | null;
    removalToken?: string | null;
    digest?: string | null;
    counts: Counts;
    problems?: { row: number; message: string; sku?: string }[];
    decidedAt?: Date;
    decidedBy?: string;
  },
): Promise<number> {
  const [inserted] = await db
    .insert(stockUploads)
    .values({ ...row, size: row.data.length })
    .returning({ id: stockUploads.id });
  return inserted!.id;
}

/** One upload with its file; `forUpdate` holds the row so two confirms cannot both apply it. */
export async function findUpload(db: DbOrTx, id: number, forUpdate = false): Promise<UploadRow | undefined> {
  const query = db.select().from(stockUploads).where(eq(stockUploads.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function decideUpload(
  db: DbOrTx,
  id: number,
  change: { status: StockUploadStatus; decidedBy: string; decidedAt: Date; mode?: string; counts?: Counts; data?: Buffer },
): Promise<UploadRow | undefined> {
  const kept = change.data ? { size: change.data.length } : {};
  const [row] = await db
    .update(stockUploads)
    .set({ ...change, ...kept })
    .where(eq(stockUploads.id, id))
    .returning();
  return row;
}

/** The newest uploads without their files, of one kind or of the history's kinds (not merchandise workbooks, ADR 0214), less `hidden`. */
export async function listUploads(db: DbOrTx, limit: number, kind?: StockUploadKind, hidden: readonly StockUploadKind[] = []) {
  const kinds = (kind ? [kind] : STOCK_UPLOAD_KINDS).filter((k) => !hidden.includes(k));
  if (kinds.length === 0) return [];
  return db
    .select({
      id: stockUploads.id,
      kind: stockUploads.kind,
      filename: stockUploads.filename,
      username: stockUploads.username,
      source: stockUploads.source,
      status: stockUploads.status,
      mode: stockUploads.mode,
      size: stockUploads.size,
      counts: stockUploads.counts,
      problems: stockUploads.problems,
      createdAt: stockUploads.createdAt,
      decidedAt: stockUploads.decidedAt,
      decidedBy: stockUploads.decidedBy,
    })
    .from(stockUploads)
    .where(inArray(stockUploads.kind, kinds))
    .orderBy(desc(stockUploads.createdAt), desc(stockUploads.id))
    .limit(limit);
}

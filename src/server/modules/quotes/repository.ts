import type { QuoteStatus } from '@common/domain/quotes';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { quoteLines, quotes } from '../../db/schema';
import { liveEmailAddresses, userNames } from '../users';

/* The quotes module's SQL (docs/decisions/0237). Holds are the lots module's; this reads only quotes and their lines. */

export type QuoteRow = typeof quotes.$inferSelect;
export type QuoteLineRow = typeof quoteLines.$inferSelect;

export async function insertQuote(tx: DbOrTx, quote: typeof quotes.$inferInsert, lines: Omit<typeof quoteLines.$inferInsert, 'quoteId'>[]): Promise<QuoteRow> {
  const [row] = await tx.insert(quotes).values(quote).returning();
  if (!row) throw new Error('quote not created');
  await tx.insert(quoteLines).values(lines.map((l) => ({ ...l, quoteId: row.id })));
  return row;
}

export async function findQuote(db: DbOrTx, id: number): Promise<QuoteRow | undefined> {
  const [row] = await db.select().from(quotes).where(eq(quotes.id, id));
  return row;
}

/** The quote row locked for a step: every step of one quote runs one at a time. */
export async function lockQuote(tx: DbOrTx, id: number): Promise<QuoteRow | undefined> {
  const [row] = await tx.select().from(quotes).where(eq(quotes.id, id)).for('update');
  return row;
}

export async function linesOf(db: DbOrTx, quoteIds: readonly number[]): Promise<QuoteLineRow[]> {
  if (quoteIds.length === 0) return [];
  return db.select().from(quoteLines).where(inArray(quoteLines.quoteId, [...quoteIds])).orderBy(asc(quoteLines.id));
}

export async function listQuotes(db: DbOrTx, filters: { companyId?: number; status?: QuoteStatus }) {
  const where: SQL[] = [];
  if (filters.companyId !== undefined) where.push(eq(quotes.companyId, filters.companyId));
  if (filters.status) where.push(eq(quotes.status, filters.status));
  return db
    .select({ quote: quotes, lineCount: sql<number>`(select count(*)::int from quote_lines l where l.quote_id = ${quotes.id})` })
    .from(quotes)
    .where(where.length > 0 ? and(...where) : undefined)
    .orderBy(desc(quotes.id))
    .limit(500);
}

export async function updateQuote(tx: DbOrTx, id: number, set: Partial<typeof quotes.$inferInsert>): Promise<QuoteRow> {
  const [row] = await tx
    .update(quotes)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(quotes.id, id))
    .returning();
  return row!;
}

export async function updateLine(tx: DbOrTx, id: number, set: Partial<typeof quoteLines.$inferInsert>): Promise<void> {
  await tx.update(quoteLines).set(set).where(eq(quoteLines.id, id));
}

/** Quoted and accepted quotes whose valid-until day has ended: the scheduled expiry's work, locked. */
export async function lockExpiredQuotes(tx: DbOrTx, today: string): Promise<QuoteRow[]> {
  return tx
    .select()
    .from(quotes)
    .where(and(inArray(quotes.status, ['quoted', 'accepted']), sql`${quotes.validUntil} < ${today}::date`))
    .orderBy(asc(quotes.id))
    .for('update', { skipLocked: true });
}

/** A user's names, for the rep who asks for a quote while acting for a dealer (docs/decisions/0242). */
export async function userName(db: DbOrTx, userId: number): Promise<{ firstName: string | null; lastName: string | null } | undefined> {
  const names = userNames('rep');
  const [row] = await db.select({ firstName: names.firstName, lastName: names.lastName }).from(names).where(eq(names.id, userId));
  return row;
}

/** A rep's address (a live account's), for the quote steps they hear of. */
export async function emailOf(db: DbOrTx, userId: number): Promise<string | null> {
  const live = liveEmailAddresses('rep_email');
  const [row] = await db.select({ email: live.email }).from(live).where(eq(live.id, userId));
  return row?.email ?? null;
}

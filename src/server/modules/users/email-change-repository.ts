import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { emailChanges } from '../../db/schema';

/* SQL of email changes confirmed by a link (docs/decisions/0203). */

export type EmailChangeRow = typeof emailChanges.$inferSelect;

/** The user's change waiting for its link (used ones are kept only to tell "used" from "unknown"). */
export async function findOpenChange(db: DbOrTx, userId: number): Promise<EmailChangeRow | undefined> {
  const [row] = await db
    .select()
    .from(emailChanges)
    .where(and(eq(emailChanges.userId, userId), isNull(emailChanges.usedAt)));
  return row;
}

/** A new request replaces every earlier one of the user: only the newest link works. */
export async function replaceChange(tx: DbOrTx, change: { userId: number; newEmail: string; tokenHash: string; expiresAt: Date }): Promise<EmailChangeRow> {
  await tx.delete(emailChanges).where(eq(emailChanges.userId, change.userId));
  const [row] = await tx.insert(emailChanges).values(change).returning();
  if (!row) throw new Error('email change not stored');
  return row;
}

/** The change a link's token names, locked until the confirming transaction ends. */
export async function lockChangeByToken(tx: DbOrTx, tokenHash: string): Promise<EmailChangeRow | undefined> {
  const [row] = await tx.select().from(emailChanges).where(eq(emailChanges.tokenHash, tokenHash)).for('update');
  return row;
}

export async function markChangeUsed(tx: DbOrTx, id: number): Promise<void> {
  await tx.update(emailChanges).set({ usedAt: new Date() }).where(eq(emailChanges.id, id));
}

/** An admin's direct edit, a deleted account: the pending change and its link end. */
export async function dropChanges(tx: DbOrTx, userId: number): Promise<void> {
  await tx.delete(emailChanges).where(eq(emailChanges.userId, userId));
}

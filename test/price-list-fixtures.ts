import { eq } from 'drizzle-orm';
import { inflateSync } from 'node:zlib';
import type { Db } from '../src/server/db/client';
import { companies, users } from '../src/server/db/schema';
import { createUser } from './api';

/*
 * Test fixtures of the price-list module's tests (docs/decisions/0231): companies and their dealers.
 * Companies belong to the companies module; tests insert them directly, as a migration would.
 */

export async function insertCompany(db: Db, values: { name: string; accountNumber?: string; priceGroup?: string | null }) {
  const [row] = await db
    .insert(companies)
    .values({ name: values.name, accountNumber: values.accountNumber ?? null, priceGroup: values.priceGroup ?? null })
    .returning();
  return row!;
}

/** A dealer user who is the company admin of `companyId`. */
export async function dealerOf(db: Db, companyId: number) {
  const user = await createUser(db, { role: 'bold_customer' });
  await db.update(users).set({ companyId, companyRole: 'admin' }).where(eq(users.id, user.id));
  return user;
}

/** The text a pdfkit document shows, its streams inflated when compressed. */
export function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const contents: string[] = [];
  for (const match of source.matchAll(/stream\r?\n([\s\S]*?)endstream/g)) {
    const raw = Buffer.from(match[1]!, 'latin1');
    try {
      contents.push(inflateSync(raw).toString('latin1'));
    } catch {
      contents.push(match[1]!);
    }
  }
  const pieces: string[] = [];
  for (const [, array] of contents.join('\n').matchAll(/\[([^\]]*)\] TJ/g)) {
    const hex = [...array!.matchAll(/<([0-9a-f]*)>/gi)].map((m) => Buffer.from(m[1]!, 'hex').toString('latin1'));
    pieces.push(hex.join(''));
  }
  return pieces.join('\n');
}

import { count } from 'drizzle-orm';
import type { Db } from './client';
import { users } from './schema';
import { generateTemporaryPassword, hashPassword } from '../lib/password-hash';
import { loadDemoData } from './demo-data';

export interface BootstrapResult {
  admin?: { username: string; password?: string; temporary: boolean };
  demoAccounts: { username: string; password: string; role: string; temporary: boolean }[];
  demoProducts: number;
}

/**
 * First start on an empty database (docs/product-decisions.md#accounts): an admin from
 * ADMIN_USERNAME / ADMIN_PASSWORD, else `admin` with a random temporary
 * password printed once; then the demo data when enabled.
 */
export async function bootstrapEmptyDatabase(
  db: Db,
  options: { adminUsername?: string; adminPassword?: string; demoData: boolean },
): Promise<BootstrapResult> {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return { demoAccounts: [], demoProducts: 0 };

  const given = options.adminUsername !== undefined && options.adminPassword !== undefined;
  const username = given ? options.adminUsername! : 'admin';
  const password = given ? options.adminPassword! : generateTemporaryPassword();
  const [admin] = await db
    .insert(users)
    .values({
      username,
      passwordHash: await hashPassword(password),
      role: 'admin',
      firstName: 'Portal',
      lastName: 'Administrator',
      isTemporaryPassword: !given,
    })
    .returning({ id: users.id });
  if (!admin) throw new Error('could not create the first admin');

  const result: BootstrapResult = {
    admin: { username, password: given ? undefined : password, temporary: !given },
    demoAccounts: [],
    demoProducts: 0,
  };
  if (options.demoData) {
    const demo = await loadDemoData(db, { hashPassword, adminUserId: admin.id });
    result.demoAccounts = demo.accounts;
    result.demoProducts = demo.products;
  }
  return result;
}

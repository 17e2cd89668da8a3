import { LAST_INVENTORY_UPDATE } from '@common/contracts/settings';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { publicHolidays } from '../../lib/public-holidays';
import { syncOnOrderWithLoads, syncStockWithLots } from '../../modules/lots';
import { announcements, closedDays, companies, companyLocations, incomingLoads, merchandise, productLots, products, repAssignments, systemSettings, users } from '../schema';
import { demoCompanies } from './companies';
import { demoAccounts } from './accounts';
import { demoAnnouncements } from './announcements';
import { buildDemoLibrary, insertDemoLibrary } from './files';
import { demoLots } from './lots';
import { demoMerchandise } from './merchandise';
import { generateDemoProducts } from './products';
import { insertDemoPriceLists } from './price-lists';
import { insertDemoSampleOrder } from './sample-orders';

export { demoAccounts, type DemoAccount } from './accounts';
export { demoMerchandise } from './merchandise';
export { generateDemoProducts, type NewProduct } from './products';

/** 500 rows x 15 columns stays far below PostgreSQL's 65,535 bind parameters per statement. */
const INSERT_BATCH_SIZE = 500;

export interface DemoDataDeps {
  hashPassword(password: string): Promise<string>;
  /** The admin shown as author of the demo announcements. */
  adminUserId: number;
  now?: Date;
}

export interface DemoDataResult {
  /** Only accounts created by this call: a pre-existing user keeps its own password, so printing ours would mislead. */
  accounts: { username: string; password: string; role: string; temporary: boolean }[];
  /** Products inserted by this call. */
  products: number;
}

/**
 * Fills an empty database with the demo catalogue, accounts, announcements,
 * merchandise, the Files & Links library and the last_inventory_update setting,
 * all or nothing.
 * Running it again adds nothing twice: rows whose SKU, username, merchandise
 * code, announcement title, root folder name or root link title already exist
 * are left as they are.
 */
export async function loadDemoData(db: Db, deps: DemoDataDeps): Promise<DemoDataResult> {
  const now = deps.now ?? new Date();
  const accounts = demoAccounts();
  // Hash before the transaction opens: scrypt is slow and must not hold it open.
  const userRows: (typeof users.$inferInsert & { companyAccount?: string })[] = [];
  for (const { password, companyAccount, companyRole, ...profile } of accounts) {
    userRows.push({ ...profile, companyAccount, companyRole: companyRole ?? null, passwordHash: await deps.hashPassword(password), createdAt: now, updatedAt: now });
  }

  const catalogue = generateDemoProducts();
  // Rendering PDFs takes a moment too: do it before the transaction opens.
  const library = await buildDemoLibrary(catalogue, now);

  return db.transaction(async (tx) => {
    let productCount = 0;
    for (const batch of inBatches(catalogue, INSERT_BATCH_SIZE)) {
      const inserted = await tx
        .insert(products)
        .values(batch.map((product) => ({ ...product, updatedAt: now })))
        .onConflictDoNothing()
        .returning({ id: products.id });
      productCount += inserted.length;
    }
    // Only on a fresh catalogue: lots set stock levels (the lots module's sync), which must not move on a restart.
    if (productCount > 0) {
      const { lots, incoming } = demoLots(catalogue, now);
      for (const batch of inBatches(lots, INSERT_BATCH_SIZE)) await tx.insert(productLots).values(batch).onConflictDoNothing();
      for (const batch of inBatches(incoming, INSERT_BATCH_SIZE)) await tx.insert(incomingLoads).values(batch);
      await syncStockWithLots(tx, lots.map((l) => l.productId));
      await syncOnOrderWithLoads(tx, incoming.map((l) => l.productId));
    }

    // The demo companies (docs/decisions/0230), found by account number or, after migration 0036 made
    // one from the dealer's company text, by name; their locations only when the company is new.
    const companyIds = new Map<string, number>();
    for (const { locations, ...company } of demoCompanies()) {
      const [found] = await tx
        .select({ id: companies.id })
        .from(companies)
        .where(
          or(
            sql`lower(${companies.accountNumber}) = lower(${company.accountNumber})`,
            and(isNull(companies.accountNumber), sql`lower(regexp_replace(btrim(${companies.name}), '\s+', ' ', 'g')) = lower(${company.name})`),
          ),
        )
        .orderBy(companies.id)
        .limit(1);
      if (found) {
        await tx.update(companies).set({ accountNumber: company.accountNumber, priceGroup: company.priceGroup }).where(and(eq(companies.id, found.id), isNull(companies.accountNumber)));
        companyIds.set(company.accountNumber, found.id);
        continue;
      }
      const [row] = await tx.insert(companies).values({ ...company, createdAt: now, updatedAt: now }).returning({ id: companies.id });
      await tx.insert(companyLocations).values(locations.map((l) => ({ ...l, companyId: row!.id })));
      companyIds.set(company.accountNumber, row!.id);
    }
    const placedUsers = userRows.map(({ companyAccount, ...row }) => {
      const companyId = companyAccount ? companyIds.get(companyAccount) : undefined;
      return companyId ? { ...row, companyId } : { ...row, companyRole: null };
    });

    // No conflict target: the username index is a partial expression index (lower(username), live users only).
    const createdUsers = await tx.insert(users).values(placedUsers).onConflictDoNothing().returning({ username: users.username });
    const created = new Set(createdUsers.map((u) => u.username));

    // The demo rep "sales" orders for Coastal Floors and Garcia Tile (docs/decisions/0235).
    const [rep] = await tx.select({ id: users.id }).from(users).where(and(sql`lower(${users.username}) = 'sales'`, isNull(users.deletedAt)));
    const repCompanies = ['C-1001', 'C-1002'].flatMap((account) => (companyIds.has(account) ? [companyIds.get(account)!] : []));
    if (rep && repCompanies.length > 0) {
      await tx
        .insert(repAssignments)
        .values(repCompanies.map((companyId) => ({ userId: rep.id, companyId, assignedByUserId: deps.adminUserId, assignedAt: now })))
        .onConflictDoNothing();
    }

    if (created.has('sales')) await insertDemoSampleOrder(tx, catalogue, now);

    const wanted = demoAnnouncements(deps.adminUserId, now);
    const existing = await tx
      .select({ title: announcements.title })
      .from(announcements)
      .where(inArray(announcements.title, wanted.map((a) => a.title)));
    const existingTitles = new Set(existing.map((a) => a.title));
    const missing = wanted.filter((a) => !existingTitles.has(a.title));
    if (missing.length > 0) await tx.insert(announcements).values(missing);

    await tx
      .insert(merchandise)
      .values(demoMerchandise().map((item) => ({ ...item, createdAt: now, updatedAt: now })))
      .onConflictDoNothing();

    // The warehouse calendar starts with this year's and next year's US public holidays
    // (Thanksgiving was a business day until an admin added it).
    const year = now.getFullYear();
    await tx
      .insert(closedDays)
      .values(publicHolidays('US', [year, year + 1]).map((h) => ({ ...h, createdBy: deps.adminUserId, createdAt: now })))
      .onConflictDoNothing();

    await insertDemoLibrary(tx, library, now);

    // After the demo companies (C-1001 gets the contract list; docs/decisions/0231).
    await insertDemoPriceLists(tx, catalogue, now);

    const lastUpdate = { value: now.toISOString(), updatedAt: now };
    await tx
      .insert(systemSettings)
      .values({ key: LAST_INVENTORY_UPDATE, ...lastUpdate })
      .onConflictDoUpdate({ target: systemSettings.key, set: lastUpdate });

    return {
      accounts: accounts
        .filter((a) => created.has(a.username))
        .map(({ username, password, role, isTemporaryPassword }) => ({ username, password, role, temporary: isTemporaryPassword })),
      products: productCount,
    };
  });
}

function* inBatches<T>(rows: readonly T[], size: number): Generator<T[]> {
  for (let start = 0; start < rows.length; start += size) yield rows.slice(start, start + size);
}

import type { ShipToAddress } from '@common/domain/ship-to';
import type { CompanyRole } from '@common/domain/companies';
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies, companyLocations, users } from '../../db/schema';

/*
 * The companies module's reads that other modules need (docs/decisions/0229): a company, its
 * locations, its people. Other modules call these through the module's index.ts and never read the
 * companies tables themselves (eslint.boundaries.js).
 */

export type CompanyRow = typeof companies.$inferSelect;
export type LocationRow = typeof companyLocations.$inferSelect;

export async function findCompany(db: DbOrTx, companyId: number): Promise<CompanyRow | undefined> {
  const [row] = await db.select().from(companies).where(eq(companies.id, companyId));
  return row;
}

/** A company's locations, the default of each kind first, then by name. */
export async function locationsOf(db: DbOrTx, companyId: number): Promise<LocationRow[]> {
  return db
    .select()
    .from(companyLocations)
    .where(eq(companyLocations.companyId, companyId))
    .orderBy(asc(companyLocations.kind), desc(companyLocations.isDefault), asc(companyLocations.name), asc(companyLocations.id));
}

/** One location, only when it belongs to this company (an id from another company is not found). */
export async function findLocation(db: DbOrTx, companyId: number, locationId: number): Promise<LocationRow | undefined> {
  const [row] = await db
    .select()
    .from(companyLocations)
    .where(and(eq(companyLocations.id, locationId), eq(companyLocations.companyId, companyId)));
  return row;
}

/** A location as the ShipToAddress an order copies. */
export function locationAddress(row: LocationRow): ShipToAddress {
  return {
    name: row.name,
    contactName: row.contactName,
    phone: row.phone,
    street: row.street,
    street2: row.street2,
    city: row.city,
    state: row.state,
    zip: row.zip,
  };
}

/** Saves a one-off checkout address as a ship-to location of the company; the first one becomes the default. */
export async function saveShipTo(tx: DbOrTx, companyId: number, address: ShipToAddress): Promise<LocationRow> {
  const existing = await tx
    .select({ id: companyLocations.id })
    .from(companyLocations)
    .where(and(eq(companyLocations.companyId, companyId), eq(companyLocations.kind, 'ship_to'), eq(companyLocations.isDefault, true)));
  const [row] = await tx
    .insert(companyLocations)
    .values({ companyId, kind: 'ship_to', ...address, isDefault: existing.length === 0 })
    .returning();
  return row!;
}

export interface CompanyPerson {
  id: number;
  username: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  companyRole: CompanyRole;
}

/** The company's live buyers of every role (the confirmation and approval emails go to some of them). */
export async function peopleOf(db: DbOrTx, companyId: number, role?: CompanyRole): Promise<CompanyPerson[]> {
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      companyRole: users.companyRole,
    })
    .from(users)
    .where(and(eq(users.companyId, companyId), isNull(users.deletedAt), role ? eq(users.companyRole, role) : undefined))
    .orderBy(asc(users.id));
  return rows.map((r) => ({ ...r, companyRole: r.companyRole! }));
}

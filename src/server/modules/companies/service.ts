import {
  COMPANY_MESSAGES,
  type AddBuyerInput,
  type BuyerView,
  type CompaniesPage,
  type CompaniesQuery,
  type CompanyDetail,
  type CompanyView,
  type CreateCompanyBody,
  type LocationBody,
  type LocationView,
  type MovedOutResponse,
  type NewBuyerBody,
  type OwnCompany,
  type UpdateBuyerBody,
  type UpdateCompanyBody,
} from '@common/contracts/companies';
import type { CreateUserBody } from '@common/contracts/users';
import type { WebhookEventData } from '@common/contracts/webhook-events';
import { COMPANY_ROLE_LABELS, type CompanyRole } from '@common/domain/companies';
import type { Db, DbOrTx } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { HttpError } from '../../lib/http-error';
import type { ActivityService } from '../activity';
import type { EventPublisher } from '../webhooks';
import {
  accountNumberTaken,
  buyersOf,
  clearDefault,
  deleteLocation,
  ensureCompanyAdmin,
  findCompanyWithCount,
  findLocation,
  insertCompany,
  insertLocation,
  isAccountNumberConflict,
  listCompanies,
  locationsOf,
  lockCompany,
  lockCompanyAdmins,
  lockLiveUser,
  promoteDefault,
  setMembership,
  touchCompany,
  updateCompany,
  updateLocation,
  type BuyerRow,
  type CompanyChanges,
  type CompanyWithCount,
  type LocationRow,
} from './repository';
import { placeNewDealer } from './placement';

export function toCompanyView(row: CompanyWithCount): CompanyView {
  return {
    id: row.id,
    name: row.name,
    accountNumber: row.accountNumber,
    status: row.status,
    priceGroup: row.priceGroup,
    paymentTerms: row.paymentTerms,
    notes: row.notes,
    buyerCount: row.buyerCount,
    repOrdersNeedConfirmation: row.repOrdersNeedConfirmation,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toLocationView(row: LocationRow): LocationView {
  return {
    id: row.id,
    companyId: row.companyId,
    kind: row.kind,
    isDefault: row.isDefault,
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

function toBuyerView(row: BuyerRow): BuyerView {
  return {
    id: row.id,
    username: row.username,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    companyRole: row.companyRole ?? 'buyer',
    spendingLimit: row.spendingLimit,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
  };
}

/** What the companies module asks of the users module: Create User with a company and a role in it. */
export interface DealerAccounts {
  create(actor: Actor, body: CreateUserBody, membership?: { companyRole: CompanyRole; spendingLimit?: string | null }): Promise<{ id: number }>;
}

type CompanyChange = WebhookEventData<'company.updated'>['change'];

export type CompaniesService = ReturnType<typeof createCompaniesService>;

/**
 * Companies, locations and buyers (docs/decisions/0230). Routes decide who calls (a portal admin for
 * any company, a company admin for their own); every write here runs in one transaction with the
 * company row locked, its activity row and, for the company and its locations, its webhook event.
 */
export function createCompaniesService(deps: {
  db: Db;
  activity: ActivityService;
  events: Pick<EventPublisher, 'publish'>;
  users: DealerAccounts;
}) {
  const { db, activity } = deps;

  async function companyView(tx: DbOrTx, companyId: number): Promise<CompanyView> {
    const row = await findCompanyWithCount(tx, companyId);
    if (!row) throw new HttpError(404, COMPANY_MESSAGES.notFound);
    return toCompanyView(row);
  }

  async function locked(tx: DbOrTx, companyId: number) {
    const row = await lockCompany(tx, companyId);
    if (!row) throw new HttpError(404, COMPANY_MESSAGES.notFound);
    return row;
  }

  async function publish(tx: DbOrTx, companyId: number, change: CompanyChange, locationId?: number) {
    const company = await companyView(tx, companyId);
    const locations = (await locationsOf(tx, companyId)).map(toLocationView);
    await deps.events.publish(tx, 'company.updated', { change, company, locations, ...(locationId ? { locationId } : {}) });
  }

  async function record(tx: DbOrTx, actor: Actor, description: string, metadata: Record<string, unknown>, targetUserId?: number) {
    await activity.record(actor, { type: 'company_updated', description, metadata, ...(targetUserId ? { targetUserId } : {}) }, tx);
  }

  async function refuseTakenAccountNumber(tx: DbOrTx, accountNumber: string | null | undefined, exceptId?: number) {
    if (accountNumber && (await accountNumberTaken(tx, accountNumber, exceptId))) {
      throw new HttpError(409, COMPANY_MESSAGES.accountNumberTaken, [{ path: 'accountNumber', message: COMPANY_MESSAGES.accountNumberTaken }]);
    }
  }

  async function inTransaction<T>(work: (tx: DbOrTx) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(work);
    } catch (error) {
      // Two writers giving the same account number at once: the unique index decides.
      if (isAccountNumberConflict(error)) {
        throw new HttpError(409, COMPANY_MESSAGES.accountNumberTaken, [{ path: 'accountNumber', message: COMPANY_MESSAGES.accountNumberTaken }]);
      }
      throw error;
    }
  }

  /** A live buyer of this company (an account of another company is not found: 404, nothing said about it). */
  async function buyerOf(tx: DbOrTx, companyId: number, userId: number): Promise<BuyerRow> {
    const row = await lockLiveUser(tx, userId);
    if (!row || row.companyId !== companyId) throw new HttpError(404, COMPANY_MESSAGES.buyerNotFound);
    return row;
  }

  async function writeLocation(tx: DbOrTx, companyId: number, body: LocationBody, locationId?: number): Promise<LocationRow> {
    const values = { ...body, street2: body.street2 ?? null };
    if (body.isDefault) await clearDefault(tx, companyId, body.kind);
    const row = locationId === undefined ? await insertLocation(tx, companyId, values) : await updateLocation(tx, companyId, locationId, values);
    if (!row) throw new HttpError(404, COMPANY_MESSAGES.locationNotFound);
    // One default per kind, and a kind that has locations always has one.
    await promoteDefault(tx, companyId, 'ship_to');
    await promoteDefault(tx, companyId, 'bill_to');
    await touchCompany(tx, companyId);
    return row;
  }

  const service = {
    async list(query: CompaniesQuery): Promise<CompaniesPage> {
      const { rows, total } = await listCompanies(db, query);
      return { companies: rows.map(toCompanyView), total, page: query.page, pageSize: query.pageSize };
    },

    async detail(companyId: number): Promise<CompanyDetail> {
      const company = await companyView(db, companyId);
      const [locations, buyers] = await Promise.all([locationsOf(db, companyId), buyersOf(db, companyId)]);
      return { company, locations: locations.map(toLocationView), buyers: buyers.map(toBuyerView) };
    },

    async create(actor: Actor, body: CreateCompanyBody): Promise<CompanyView> {
      return inTransaction(async (tx) => {
        await refuseTakenAccountNumber(tx, body.accountNumber);
        const row = await insertCompany(tx, {
          name: body.name,
          accountNumber: body.accountNumber ?? null,
          status: body.status,
          priceGroup: body.priceGroup ?? null,
          paymentTerms: body.paymentTerms ?? null,
          notes: body.notes ?? null,
          repOrdersNeedConfirmation: body.repOrdersNeedConfirmation ?? false,
        });
        await record(tx, actor, `${actor.username} created company ${row.name}`, { action: 'company_created', companyId: row.id });
        await publish(tx, row.id, 'created');
        return companyView(tx, row.id);
      });
    },

    async update(actor: Actor, companyId: number, body: Partial<UpdateCompanyBody>): Promise<CompanyView> {
      return inTransaction(async (tx) => {
        const before = await locked(tx, companyId);
        const changes: CompanyChanges = {};
        for (const key of ['name', 'accountNumber', 'status', 'priceGroup', 'paymentTerms', 'notes', 'repOrdersNeedConfirmation'] as const) {
          const value = body[key];
          if (value !== undefined && value !== before[key]) Object.assign(changes, { [key]: value });
        }
        if (Object.keys(changes).length === 0) return companyView(tx, companyId);
        if (changes.accountNumber) await refuseTakenAccountNumber(tx, changes.accountNumber, companyId);
        await updateCompany(tx, companyId, changes);
        await record(tx, actor, `${actor.username} updated company ${changes.name ?? before.name}`, {
          action: 'company_updated',
          companyId,
          fields: Object.keys(changes),
        });
        await publish(tx, companyId, 'updated');
        return companyView(tx, companyId);
      });
    },

    async locations(companyId: number): Promise<{ locations: LocationView[] }> {
      await companyView(db, companyId);
      return { locations: (await locationsOf(db, companyId)).map(toLocationView) };
    },

    async addLocation(actor: Actor, companyId: number, body: LocationBody): Promise<LocationView> {
      return db.transaction(async (tx) => {
        const company = await locked(tx, companyId);
        const row = await writeLocation(tx, companyId, body);
        await record(tx, actor, `${actor.username} added location ${row.name} to ${company.name}`, { action: 'location_added', companyId, locationId: row.id });
        await publish(tx, companyId, 'location_added', row.id);
        return toLocationView((await findLocation(tx, companyId, row.id))!);
      });
    },

    async updateLocation(actor: Actor, companyId: number, locationId: number, body: LocationBody): Promise<LocationView> {
      return db.transaction(async (tx) => {
        const company = await locked(tx, companyId);
        const row = await writeLocation(tx, companyId, body, locationId);
        await record(tx, actor, `${actor.username} updated location ${row.name} of ${company.name}`, { action: 'location_updated', companyId, locationId });
        await publish(tx, companyId, 'location_updated', locationId);
        return toLocationView((await findLocation(tx, companyId, locationId))!);
      });
    },

    async removeLocation(actor: Actor, companyId: number, locationId: number): Promise<void> {
      await db.transaction(async (tx) => {
        const company = await locked(tx, companyId);
        const row = await deleteLocation(tx, companyId, locationId);
        if (!row) throw new HttpError(404, COMPANY_MESSAGES.locationNotFound);
        // Orders keep the address they were placed with; their location_id becomes null (migration 0036).
        if (row.isDefault) await promoteDefault(tx, companyId, row.kind);
        await touchCompany(tx, companyId);
        await record(tx, actor, `${actor.username} removed location ${row.name} of ${company.name}`, { action: 'location_removed', companyId, locationId });
        await publish(tx, companyId, 'location_removed', locationId);
      });
    },

    /** An existing BOLD Customer joins this company; one in another company moves here (docs/decisions/0230). */
    async addBuyer(actor: Actor, companyId: number, body: Required<AddBuyerInput>): Promise<BuyerView> {
      return db.transaction(async (tx) => {
        const company = await locked(tx, companyId);
        const user = await lockLiveUser(tx, body.userId);
        if (!user) throw new HttpError(404, COMPANY_MESSAGES.buyerNotFound);
        if (user.role !== 'bold_customer') throw new HttpError(400, COMPANY_MESSAGES.notADealer, [{ path: 'userId', message: COMPANY_MESSAGES.notADealer }]);
        if (user.companyId === companyId) throw new HttpError(409, COMPANY_MESSAGES.alreadyInCompany);
        const from = user.companyId;
        const role = (await lockCompanyAdmins(tx, companyId)).length === 0 ? 'admin' : body.companyRole;
        // The spending limit was set by the company they leave.
        const moved = await setMembership(tx, user.id, { companyId, companyRole: role, spendingLimit: null });
        if (from !== null) {
          await ensureCompanyAdmin(tx, from);
          await touchCompany(tx, from);
        }
        await touchCompany(tx, companyId);
        await record(
          tx,
          actor,
          `${actor.username} added ${user.username} to ${company.name} as ${COMPANY_ROLE_LABELS[role]}`,
          { action: 'buyer_added', companyId, fromCompanyId: from, companyRole: role },
          user.id,
        );
        return toBuyerView(moved!);
      });
    },

    /** A new BOLD Customer account in this company with a temporary password, as Create User makes it. */
    async newBuyer(actor: Actor, companyId: number, body: NewBuyerBody): Promise<BuyerView> {
      await companyView(db, companyId);
      const { companyRole, spendingLimit, ...account } = body;
      const created = await deps.users.create(
        actor,
        {
          ...account,
          role: 'bold_customer',
          companyId,
          phone: null,
          company: null,
          storeName: null,
          storeAddress: null,
          storeCity: null,
          storeState: null,
          storeZip: null,
          storeContactName: null,
          storePhone: null,
        },
        { companyRole, spendingLimit: spendingLimit ?? null },
      );
      const row = (await buyersOf(db, companyId)).find((b) => b.id === created.id);
      if (!row) throw new HttpError(404, COMPANY_MESSAGES.buyerNotFound);
      return toBuyerView(row);
    },

    async updateBuyer(actor: Actor, companyId: number, userId: number, body: UpdateBuyerBody): Promise<BuyerView> {
      return db.transaction(async (tx) => {
        const company = await locked(tx, companyId);
        const buyer = await buyerOf(tx, companyId, userId);
        const changes: { companyRole?: CompanyRole; spendingLimit?: string | null } = {};
        if (body.companyRole !== undefined && body.companyRole !== buyer.companyRole) changes.companyRole = body.companyRole;
        const cents = (v: string | null) => (v === null ? null : Number(v).toFixed(2));
        if (body.spendingLimit !== undefined && cents(body.spendingLimit) !== cents(buyer.spendingLimit)) {
          changes.spendingLimit = body.spendingLimit;
        }
        if (changes.companyRole !== undefined && buyer.companyRole === 'admin') {
          const admins = await lockCompanyAdmins(tx, companyId);
          if (admins.filter((id) => id !== buyer.id).length === 0) throw new HttpError(409, COMPANY_MESSAGES.needsAdmin);
        }
        if (Object.keys(changes).length === 0) return toBuyerView(buyer);
        const updated = await setMembership(tx, buyer.id, changes);
        const what = [
          changes.companyRole ? `role ${COMPANY_ROLE_LABELS[changes.companyRole]}` : null,
          changes.spendingLimit !== undefined ? (changes.spendingLimit === null ? 'no spending limit' : `spending limit $${changes.spendingLimit}`) : null,
        ].filter(Boolean);
        await record(tx, actor, `${actor.username} gave ${buyer.username} of ${company.name} ${what.join(' and ')}`, {
          action: 'buyer_updated',
          companyId,
          fields: Object.keys(changes),
        }, buyer.id);
        return toBuyerView(updated!);
      });
    },

    /**
     * Takes a buyer out of this company: they get a company of their own, as its admin (every dealer
     * has a company, docs/decisions/0230). The company keeps its orders; its last admin's role passes
     * to its earliest remaining buyer.
     */
    async moveOut(actor: Actor, companyId: number, userId: number): Promise<MovedOutResponse> {
      return db.transaction(async (tx) => {
        const company = await locked(tx, companyId);
        const buyer = await buyerOf(tx, companyId, userId);
        const own = await placeNewDealer(tx, { username: buyer.username, firstName: buyer.firstName, lastName: buyer.lastName }, { matchByName: false });
        await setMembership(tx, buyer.id, { companyId: own.companyId, companyRole: 'admin', spendingLimit: null });
        await ensureCompanyAdmin(tx, companyId);
        await touchCompany(tx, companyId);
        await record(tx, actor, `${actor.username} moved ${buyer.username} out of ${company.name}`, {
          action: 'buyer_moved_out',
          companyId,
          toCompanyId: own.companyId,
        }, buyer.id);
        return { userId: buyer.id, companyId: own.companyId };
      });
    },

    /** GET /api/company: the dealer's own company; the buyers list only for its company admin. */
    async own(actor: Actor): Promise<OwnCompany> {
      const { companyId, companyRole } = ownCompanyOf(actor);
      const detail = await service.detail(companyId);
      return { ...detail, buyers: companyRole === 'admin' ? detail.buyers : null, companyRole };
    },
  };
  return service;
}

/** The caller's company, or a 404 for an account outside any company (an admin acting as dealer). */
export function ownCompanyOf(actor: Actor): { companyId: number; companyRole: CompanyRole } {
  if (actor.companyId == null || actor.companyRole == null) throw new HttpError(404, COMPANY_MESSAGES.noCompany);
  return { companyId: actor.companyId, companyRole: actor.companyRole };
}

/** The caller's company when they are its company admin; a buyer or requester gets a 403. */
export function adminOfOwnCompany(actor: Actor): number {
  const { companyId, companyRole } = ownCompanyOf(actor);
  if (companyRole !== 'admin') throw new HttpError(403, COMPANY_MESSAGES.companyAdminOnly);
  return companyId;
}

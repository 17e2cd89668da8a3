import {
  PRICE_LIST_MESSAGES,
  PRICE_LIST_PAGE_SIZE,
  type CompanyPricesResponse,
  type PriceListDetail,
  type PriceListEntriesPage,
  type PriceListEntryView,
  type PriceListsPage,
  type PriceListView,
  type PutPriceListEntriesResponse,
} from '@common/contracts/price-lists';
import { priceLadder, resolvePrice } from '@common/domain/contract-prices';
import type { IsoDate } from '@common/domain/business-days';
import type { Db, DbOrTx } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { HttpError } from '../../lib/http-error';
import { isUniqueViolation } from '../../lib/pg-errors';
import { priceCandidates } from './company-prices';
import { countsOf, diffEntries } from './entries-diff';
import * as repo from './repository';
import { listChanged, replaceEntries, writeDiff, type ChangeBy, type ChangeSinks } from './writes';

/*
 * Price lists for the admin screens and the ERP (docs/decisions/0231-price-list-files-diff-and-version.md):
 * headers, entries, assignments, and a company's resolved prices. Every write runs in one
 * transaction that writes only what differs, bumps the prices version and enqueues price_list.updated.
 */

export function listView(row: repo.ListSummary): PriceListView {
  return { ...row, updatedAt: row.updatedAt.toISOString() };
}

/** The header as the body gives it; dates are ISO days or null. */
interface Header {
  code: string;
  name: string;
  validFrom: string | null;
  validTo: string | null;
}

function codeTaken(error: unknown, code: string): never {
  if (isUniqueViolation(error)) throw new HttpError(409, PRICE_LIST_MESSAGES.codeTaken(code), [{ path: 'code', message: PRICE_LIST_MESSAGES.codeTaken(code) }]);
  throw error;
}

export function createPriceListAdmin(deps: { db: Db; sinks: ChangeSinks; today: () => IsoDate }) {
  const { db, sinks } = deps;

  async function summary(tx: DbOrTx, id: number): Promise<PriceListView> {
    const { rows } = await repo.listPage(tx, { limit: 1, offset: 0, ids: [id] });
    if (!rows[0]) throw new HttpError(404, PRICE_LIST_MESSAGES.notFound);
    return listView(rows[0]);
  }

  async function requireList(tx: DbOrTx, id: number, lock = false): Promise<repo.PriceListRow> {
    const list = await repo.findListById(tx, id, lock);
    if (!list) throw new HttpError(404, PRICE_LIST_MESSAGES.notFound);
    return list;
  }

  async function requireCode(tx: DbOrTx, code: string, lock = false): Promise<repo.PriceListRow> {
    const list = await repo.findListByCode(tx, code, lock);
    if (!list) throw new HttpError(404, PRICE_LIST_MESSAGES.notFound);
    return list;
  }

  async function detail(tx: DbOrTx, id: number): Promise<PriceListDetail> {
    const list = await summary(tx, id);
    const assignments = (await repo.assignmentsOf(tx, id)).map((a) => ({
      id: a.id,
      companyId: a.companyId,
      companyName: a.companyName,
      accountNumber: a.accountNumber,
      priceGroup: a.priceGroup,
      priority: a.priority,
    }));
    return { list, assignments };
  }

  /** Sets a list's header; a header equal to what it was changes nothing. */
  async function saveHeader(tx: DbOrTx, list: repo.PriceListRow, header: Header, by: ChangeBy): Promise<void> {
    const same = list.code === header.code && list.name === header.name && list.validFrom === header.validFrom && list.validTo === header.validTo;
    if (same) return;
    const updated = await repo.updateList(tx, list.id, header).catch((error: unknown) => codeTaken(error, header.code));
    await listChanged(tx, sinks, updated!, by);
  }

  return {
    async lists(query: { search?: string; page: number }): Promise<PriceListsPage> {
      const { rows, total } = await repo.listPage(db, { search: query.search || undefined, limit: PRICE_LIST_PAGE_SIZE, offset: (query.page - 1) * PRICE_LIST_PAGE_SIZE });
      return { lists: rows.map(listView), total, page: query.page, pageSize: PRICE_LIST_PAGE_SIZE };
    },

    detail: (id: number) => detail(db, id),

    async create(actor: Actor, header: Header): Promise<PriceListDetail> {
      return db.transaction(async (tx) => {
        const list = await repo.insertList(tx, header).catch((error: unknown) => codeTaken(error, header.code));
        await listChanged(tx, sinks, list, { source: 'admin', actor });
        return detail(tx, list.id);
      });
    },

    async update(actor: Actor, id: number, header: Header): Promise<PriceListDetail> {
      return db.transaction(async (tx) => {
        await saveHeader(tx, await requireList(tx, id, true), header, { source: 'admin', actor });
        return detail(tx, id);
      });
    },

    async remove(actor: Actor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const list = await requireList(tx, id, true);
        await repo.deleteList(tx, id);
        await listChanged(tx, sinks, list, { source: 'admin', actor, deleted: true });
      });
    },

    /** PUT /api/price-lists/{code}: creates the list or sets its header. */
    async putByCode(actor: Actor, code: string, header: Omit<Header, 'code'>): Promise<{ created: boolean; list: PriceListView }> {
      return db.transaction(async (tx) => {
        const existing = await repo.findListByCode(tx, code, true);
        if (existing) {
          // The ERP's code is the key: its spelling is kept as first written.
          await saveHeader(tx, existing, { code: existing.code, ...header }, { source: 'api', actor });
          return { created: false, list: await summary(tx, existing.id) };
        }
        const list = await repo.insertList(tx, { code, ...header }).catch((error: unknown) => codeTaken(error, code));
        await listChanged(tx, sinks, list, { source: 'api', actor });
        return { created: true, list: await summary(tx, list.id) };
      });
    },

    async getByCode(code: string): Promise<PriceListDetail> {
      const list = await requireCode(db, code);
      return detail(db, list.id);
    },

    /** PUT /api/price-lists/{code}/entries: the list's whole set; only the rows that differ are written. */
    async putEntries(actor: Actor, code: string, entries: readonly { sku: number; price: string; minQuantity: number }[]): Promise<PutPriceListEntriesResponse> {
      const seen = new Map<string, number>();
      const errors: { path: string; message: string }[] = [];
      entries.forEach((e, index) => {
        const key = `${e.sku}:${e.minQuantity}`;
        if (seen.has(key)) errors.push({ path: `entries.${index}`, message: `SKU ${e.sku} from ${e.minQuantity} is listed twice (entries ${seen.get(key)} and ${index})` });
        else seen.set(key, index);
      });
      const skus = [...new Set(entries.map((e) => e.sku))];
      const known = await repo.productFacts(db, skus);
      entries.forEach((e, index) => {
        if (!known.has(e.sku)) errors.push({ path: `entries.${index}.sku`, message: PRICE_LIST_MESSAGES.unknownSku(e.sku) });
      });
      if (errors.length > 0) throw new HttpError(400, errors.length === 1 ? errors[0]!.message : `${errors.length} entries have problems; nothing was changed`, errors.slice(0, 200));
      return db.transaction(async (tx) => {
        const list = await requireCode(tx, code, true);
        const diff = await replaceEntries(tx, sinks, list, entries.map((e) => ({ productId: e.sku, minQuantity: e.minQuantity, price: e.price })), { source: 'api', actor });
        const { flagged: _flagged, ...counts } = countsOf(diff);
        return { code: list.code, ...counts };
      });
    },

    async entries(id: number, query: { search?: string; page: number }): Promise<PriceListEntriesPage> {
      await requireList(db, id);
      const { rows, total } = await repo.entriesPage(db, id, { search: query.search, limit: PRICE_LIST_PAGE_SIZE, offset: (query.page - 1) * PRICE_LIST_PAGE_SIZE });
      const count = total >= 0 ? total : (await repo.entriesPage(db, id, { search: query.search, limit: 1, offset: 0 })).total;
      return { entries: rows, total: count, page: query.page, pageSize: PRICE_LIST_PAGE_SIZE };
    },

    /** One SKU's breaks as they should be; only the rows that differ are written. */
    async putEntry(actor: Actor, id: number, sku: number, breaks: readonly { minQuantity: number; price: string }[]): Promise<PriceListEntryView> {
      const facts = await repo.productFacts(db, [sku]);
      const product = facts.get(sku);
      return db.transaction(async (tx) => {
        const list = await requireList(tx, id, true);
        const before = await repo.entriesOfSku(tx, id, sku);
        if (!product && before.length === 0) throw new HttpError(400, PRICE_LIST_MESSAGES.unknownSku(sku), [{ path: 'sku', message: PRICE_LIST_MESSAGES.unknownSku(sku) }]);
        const diff = diffEntries(before, breaks.map((b) => ({ productId: sku, minQuantity: b.minQuantity, price: b.price })));
        await writeDiff(tx, sinks, list, diff, { source: 'admin', actor });
        const after = await repo.entriesOfSku(tx, id, sku);
        return { sku, name: product?.name ?? null, basePrice: product?.price ?? null, breaks: after.map((b) => ({ minQuantity: b.minQuantity, price: b.price })) };
      });
    },

    async removeEntry(actor: Actor, id: number, sku: number): Promise<void> {
      await db.transaction(async (tx) => {
        const list = await requireList(tx, id, true);
        const before = await repo.entriesOfSku(tx, id, sku);
        if (before.length === 0) throw new HttpError(404, PRICE_LIST_MESSAGES.entryNotFound);
        await writeDiff(tx, sinks, list, diffEntries(before, []), { source: 'admin', actor });
      });
    },

    async assign(actor: Actor, id: number, body: ReturnType<typeof normaliseAssignment>): Promise<PriceListDetail> {
      return db.transaction(async (tx) => {
        const list = await requireList(tx, id, true);
        if (body.companyId !== null && !(await repo.companyFact(tx, body.companyId))) {
          throw new HttpError(400, PRICE_LIST_MESSAGES.companyNotFound, [{ path: 'companyId', message: PRICE_LIST_MESSAGES.companyNotFound }]);
        }
        const target = body.companyId !== null ? { companyId: body.companyId } : { priceGroup: body.priceGroup! };
        await repo.upsertAssignment(tx, id, target, body.priority);
        await listChanged(tx, sinks, list, { source: 'admin', actor });
        return detail(tx, id);
      });
    },

    async unassign(actor: Actor, id: number, assignmentId: number): Promise<PriceListDetail> {
      return db.transaction(async (tx) => {
        const list = await requireList(tx, id, true);
        if (!(await repo.deleteAssignment(tx, id, assignmentId))) throw new HttpError(404, PRICE_LIST_MESSAGES.assignmentNotFound);
        await listChanged(tx, sinks, list, { source: 'admin', actor });
        return detail(tx, id);
      });
    },

    async companyChoices(search?: string) {
      const rows = await repo.companyChoices(db, search || undefined);
      return { companies: rows.map((r) => ({ id: r.id, name: r.name, accountNumber: r.account_number, priceGroup: r.price_group })) };
    },

    /**
     * A company's price for each SKU asked: resolved with the one rule for one unit, with the
     * ladder the cart charges as the quantity grows. An admin or a prices:read token may ask for
     * any company; a dealer only for their own (403 otherwise); anyone else not at all.
     */
    async companyPrices(actor: Actor, companyId: number, skus: readonly number[]): Promise<CompanyPricesResponse> {
      const mayRead = actor.apiToken ? true : actor.role === 'admin' || (actor.role === 'bold_customer' && actor.companyId === companyId);
      if (!mayRead) throw new HttpError(403, PRICE_LIST_MESSAGES.notYourCompany);
      if (!(await repo.companyFact(db, companyId))) throw new HttpError(404, PRICE_LIST_MESSAGES.companyNotFound);
      const [facts, candidates] = await Promise.all([repo.productFacts(db, skus), priceCandidates(db, companyId, skus)]);
      const today = deps.today();
      return {
        companyId,
        prices: skus.map((sku) => {
          const product = facts.get(sku);
          if (!product) return { sku, found: false, price: null, basePrice: null, source: null, ladder: [] };
          const question = { basePrice: product.price, candidates: candidates.get(sku) ?? [], today };
          const resolved = resolvePrice({ ...question, quantity: 1 });
          return { sku, found: true, ...resolved, ladder: priceLadder(question) };
        }),
      };
    },
  };
}

/** The assignment body as the service takes it: exactly one target. */
export function normaliseAssignment(body: { companyId?: number | null; priceGroup?: string | null; priority: number }) {
  return { companyId: body.companyId ?? null, priceGroup: body.priceGroup || null, priority: body.priority };
}

export type PriceListAdmin = ReturnType<typeof createPriceListAdmin>;

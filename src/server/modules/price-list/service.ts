import { REPORT_REPEAT_WINDOW_MS } from '@common/domain/activity-types';
import { todayIn, type IsoDate } from '@common/domain/business-days';
import { priceLadder, type PriceStep } from '@common/domain/contract-prices';
import type { Db, DbOrTx } from '../../db/client';
import type { Actor } from '../../lib/actor';
import type { ActivityService } from '../activity';
import type { ImportsService } from '../imports';
import type { ProductsService } from '../products';
import { createPriceListAdmin } from './admin';
import { priceCandidates } from './company-prices';
import { createPriceListImportKind } from './import-kind';
import { renderPriceListPdf } from './render-pdf';
import { companyFact, companyHasLists, readPricesVersion } from './repository';
import type { Events } from './writes';

export interface PriceListPdf {
  version: string;
  etag: string;
  pdf: Buffer;
  filename: string;
}

export type PriceListService = ReturnType<typeof createPriceListService>;

/** Dealer PDFs kept at once (one per company); the oldest goes first. */
const MAX_DEALER_PDFS = 100;

/**
 * The prices version (docs/decisions/0231-price-list-files-diff-and-version.md): a token that changes
 * in the same transaction as any change to price lists, entries or assignments, and when a company is
 * edited (its price group); one statement of two index reads. Caches of dealers' prices key on it.
 */
export function pricesVersion(db: DbOrTx): Promise<string> {
  return readPricesVersion(db);
}

/**
 * The price list PDF, rendered once per catalogue version and kept until the catalogue changes
 * (docs/product-decisions.md: "cached until the next stock upload"); a dealer whose company has a
 * list gets their own, kept per company and per (catalogue version, prices version, day)
 * (docs/decisions/0231). Also the admin screens' and the ERP's price lists (admin.ts) and the price
 * list file kind (import-kind.ts).
 */
export function createPriceListService(deps: {
  db: Db;
  products: ProductsService;
  activity: Pick<ActivityService, 'recordOnce' | 'record'>;
  imports: Pick<ImportsService, 'register'>;
  events: Events;
  today?: () => IsoDate;
}) {
  const { db, products, activity } = deps;
  const today = deps.today ?? (() => todayIn());
  let cached: PriceListPdf | null = null;
  let building: Promise<PriceListPdf> | null = null;
  const dealerPdfs = new Map<number, PriceListPdf>();
  const dealerBuilds = new Map<string, Promise<PriceListPdf>>();

  async function build(): Promise<PriceListPdf> {
    const snapshot = await products.snapshot();
    const pdf = await renderPriceListPdf(snapshot.products, new Date());
    cached = { version: snapshot.version, etag: priceListEtag(snapshot.version), pdf, filename: 'BOLD-Price-List.pdf' };
    return cached;
  }

  async function buildForCompany(companyId: number, key: string): Promise<PriceListPdf> {
    const [snapshot, candidates, company] = await Promise.all([products.snapshot(), priceCandidates(db, companyId, null), companyFact(db, companyId)]);
    const day = today();
    const ladders = new Map<number, PriceStep[]>();
    for (const product of snapshot.products) {
      ladders.set(product.id, priceLadder({ basePrice: product.price, candidates: candidates.get(product.id) ?? [], today: day }));
    }
    const companyName = company?.name ?? 'Your company';
    const pdf = await renderPriceListPdf(snapshot.products, new Date(), { dealer: { companyName, ladders } });
    const built = { version: key, etag: dealerPriceListEtag(key), pdf, filename: `${companyName} Price List.pdf` };
    if (dealerPdfs.size >= MAX_DEALER_PDFS && !dealerPdfs.has(companyId)) dealerPdfs.delete(dealerPdfs.keys().next().value!);
    dealerPdfs.set(companyId, built);
    return built;
  }

  const sinks = { events: deps.events, activity };
  const importKind = deps.imports.register(createPriceListImportKind({ db, sinks }));

  return {
    currentVersion: () => products.currentVersion(),

    /** report_viewed, once per session within the window: a reload or the viewer's second fetch is not another view. */
    async viewed(actor: Actor): Promise<void> {
      await activity.recordOnce(
        actor,
        { type: 'report_viewed', description: `${actor.username} viewed the price list` },
        { sameAs: { report: 'price_list' }, withinMs: REPORT_REPEAT_WINDOW_MS },
      );
    },

    async pdf(version: string): Promise<PriceListPdf> {
      if (cached?.version === version) return cached;
      if (!building) building = build().finally(() => (building = null));
      const built = await building;
      return built.version === version ? built : build();
    },

    /**
     * The version key of a dealer's own PDF, or null when the actor gets the static one (not a
     * dealer, no company, or no list assigned to the company or its group).
     */
    async dealerVersion(actor: Actor, catalogueVersion: string): Promise<string | null> {
      if (actor.role !== 'bold_customer' || !actor.companyId) return null;
      const [has, prices] = await Promise.all([companyHasLists(db, actor.companyId), readPricesVersion(db)]);
      if (!has) return null;
      return `${catalogueVersion}-${prices}-${today()}-c${actor.companyId}`;
    },

    /** The dealer's PDF for that key, built once per key and company. */
    async dealerPdf(companyId: number, key: string): Promise<PriceListPdf> {
      const held = dealerPdfs.get(companyId);
      if (held?.version === key) return held;
      let pending = dealerBuilds.get(key);
      if (!pending) {
        pending = buildForCompany(companyId, key).finally(() => dealerBuilds.delete(key));
        dealerBuilds.set(key, pending);
      }
      return pending;
    },

    admin: createPriceListAdmin({ db, sinks, today }),

    uploads: importKind,
  };
}

export function priceListEtag(version: string): string {
  return `W/"price-list-${version}"`;
}

export function dealerPriceListEtag(key: string): string {
  return `W/"price-list-dealer-${key}"`;
}

import type { OverlayPrice, ProductPrices } from '@common/contracts/product-prices';
import type { IsoDate } from '@common/domain/business-days';
import { priceLadder, type PriceCandidate } from '@common/domain/contract-prices';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gunzip, gzip } from 'node:zlib';
import type { Db, DbOrTx } from '../../db/client';
import type { Encoding } from '../../lib/content-encoding';
import { findBasePrices } from './repository';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);
const brotliAsync = promisify(brotliCompress);

/** Compressed overlays one server keeps, at most (a group list of 50,000 SKUs compresses to a few hundred KB). */
export const OVERLAY_CACHE_BYTES = 64 * 1024 * 1024;

export interface PriceOverlayDeps {
  db: Db;
  /** Every candidate entry of the company's and its group's lists (price-list module's `priceCandidates(tx, id, null)`). */
  candidates: (tx: DbOrTx, companyId: number) => Promise<Map<number, PriceCandidate[]>>;
  /** What the company's prices were computed from; changes whenever they may have (prices-version.ts). */
  pricesVersion: (tx: DbOrTx, companyId: number) => Promise<string>;
  /** The catalogue's version as `tx` reads it (base prices live in the catalogue). */
  catalogueVersion: (tx: DbOrTx) => Promise<string>;
  today: () => IsoDate;
  /** A company's name, undefined when there is none (an admin may name any id). */
  company: (tx: DbOrTx, companyId: number) => Promise<{ name: string } | undefined>;
  cacheBytes?: number;
}

/** One company's overlay, compressed once; the identity body is unzipped on the rare request without gzip. */
export interface OverlayBody {
  key: string;
  etag: string;
  bodies: Omit<Record<Encoding, Buffer>, 'identity'>;
}

export type PriceOverlayService = ReturnType<typeof createPriceOverlay>;

/** An overlay of nobody's prices: salespeople, admins who chose no company, dealers without a company. */
export function emptyOverlay(today: IsoDate): ProductPrices {
  return { companyId: null, companyName: null, today, lists: [], prices: [] };
}

/** The ladder of every SKU a company's lists price differently from the base (`priceLadder`, the one rule). */
export function overlayOf(
  companyId: number,
  companyName: string | null,
  today: IsoDate,
  candidates: ReadonlyMap<number, readonly PriceCandidate[]>,
  basePrices: ReadonlyMap<number, string | null>,
): ProductPrices {
  const lists: { code: string; name: string }[] = [];
  const listIndex = new Map<string, number>();
  const indexOf = (code: string, name: string) => {
    const key = code.toLowerCase();
    let index = listIndex.get(key);
    if (index === undefined) {
      index = lists.push({ code, name }) - 1;
      listIndex.set(key, index);
    }
    return index;
  };
  const prices: OverlayPrice[] = [];
  for (const id of [...candidates.keys()].sort((a, b) => a - b)) {
    // A SKU not in the catalogue has no row to show a price on.
    if (!basePrices.has(id)) continue;
    const ladder = priceLadder({ basePrice: basePrices.get(id) ?? null, candidates: candidates.get(id) ?? [], today });
    if (!ladder.some((step) => step.source !== null && step.price !== step.basePrice)) continue;
    prices.push({
      id,
      steps: ladder.map((step) => ({
        from: step.fromQuantity,
        price: step.price,
        list: step.source ? indexOf(step.source.listCode, step.source.listName) : null,
      })),
    });
  }
  return { companyId, companyName, today, lists, prices };
}

export function overlayEtag(companyId: number | null, key: string): string {
  const digest = createHash('sha256').update(key).digest('base64url').slice(0, 22);
  return `W/"prices-${companyId ?? 'none'}-${digest}"`;
}

/**
 * The per-company price overlay beside the one shared catalogue body (docs/decisions/0232). Each
 * company's overlay is built once per (prices version, catalogue version, day), compressed, and kept
 * (least recently used first out past `cacheBytes`); concurrent requests for one company share a build.
 */
export function createPriceOverlay(deps: PriceOverlayDeps) {
  const limit = deps.cacheBytes ?? OVERLAY_CACHE_BYTES;
  /** Insertion order is use order: a hit is moved to the end. */
  const cache = new Map<number, OverlayBody>();
  let cachedBytes = 0;
  const building = new Map<string, Promise<OverlayBody>>();

  function forget(companyId: number) {
    const held = cache.get(companyId);
    if (!held) return;
    cachedBytes -= held.bodies.br.length + held.bodies.gzip.length;
    cache.delete(companyId);
  }

  function keep(companyId: number, body: OverlayBody) {
    forget(companyId);
    cache.set(companyId, body);
    cachedBytes += body.bodies.br.length + body.bodies.gzip.length;
    for (const [oldest] of cache) {
      if (cachedBytes <= limit || oldest === companyId) break;
      forget(oldest);
    }
  }

  /** The key an overlay is valid for, read outside any snapshot (cheap: a few small reads). */
  async function keyOf(tx: DbOrTx, companyId: number): Promise<string> {
    const [prices, catalogue] = await Promise.all([deps.pricesVersion(tx, companyId), deps.catalogueVersion(tx)]);
    return JSON.stringify([prices, catalogue, deps.today()]);
  }

  async function build(companyId: number): Promise<OverlayBody> {
    // One snapshot: the body is labelled with the versions it was computed from.
    const { key, overlay } = await deps.db.transaction(
      async (tx) => {
        const key = await keyOf(tx, companyId);
        const candidates = await deps.candidates(tx, companyId);
        const basePrices = await findBasePrices(tx, [...candidates.keys()]);
        const company = await deps.company(tx, companyId);
        return { key, overlay: overlayOf(companyId, company?.name ?? null, deps.today(), candidates, basePrices) };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    const identity = Buffer.from(JSON.stringify(overlay), 'utf8');
    // Cheaper levels than the catalogue's: an overlay is built per company, not once for everyone.
    const [gz, br] = await Promise.all([
      gzipAsync(identity, { level: 6 }),
      brotliAsync(identity, { params: { [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_QUALITY]: 6, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
    ]);
    const body: OverlayBody = { key, etag: overlayEtag(companyId, key), bodies: { gzip: gz, br } };
    keep(companyId, body);
    return body;
  }

  function buildOnce(companyId: number, key: string): Promise<OverlayBody> {
    const name = `${companyId}\u0000${key}`;
    let pending = building.get(name);
    if (!pending) {
      pending = build(companyId).finally(() => building.delete(name));
      building.set(name, pending);
    }
    return pending;
  }

  return {
    exists: async (companyId: number) => (await deps.company(deps.db, companyId)) !== undefined,

    /** The ETag a company's overlay has now: a browser holding it gets a 304 without a build. */
    async currentEtag(companyId: number): Promise<{ key: string; etag: string }> {
      const key = await keyOf(deps.db, companyId);
      return { key, etag: overlayEtag(companyId, key) };
    },

    /** The company's overlay for `key` (from currentEtag), built when this server holds none for it. */
    async body(companyId: number, key: string): Promise<OverlayBody> {
      const held = cache.get(companyId);
      if (held?.key === key) {
        cache.delete(companyId);
        cache.set(companyId, held);
        return held;
      }
      const built = await buildOnce(companyId, key);
      // A build that started before a change this request saw computed older prices: build again.
      return built.key === key ? built : build(companyId);
    },

    /** The body in one coding; identity is unzipped from gzip (rare: browsers accept br). */
    async encoded(body: OverlayBody, encoding: Encoding): Promise<Buffer> {
      return encoding === 'identity' ? gunzipAsync(body.bodies.gzip) : body.bodies[encoding];
    },

    /** What this server holds, for tests and the benchmark. */
    cached: () => ({ companies: cache.size, bytes: cachedBytes }),
  };
}

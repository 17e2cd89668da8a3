import { PRODUCTS_PAGE_DEFAULT, productsCursor, type Product, type ProductsPage, type ProductsQuery } from '@common/contracts/products';
import { encodeCatalogueColumns } from '@common/domain/catalogue-columns';
import { createHash, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { Db, DbOrTx } from '../../db/client';
import type { SettingsService } from '../settings';
import type { Encoding } from '../../lib/content-encoding';
import { CATALOGUE_CHANGES_KEPT_DAYS, CATALOGUE_CHANGES_MAX, type CatalogueChanges } from '@common/contracts/catalogue-changes';
import {
  CATALOGUE_VERSION,
  changesHorizon,
  listChangedProducts,
  listDeletedSince,
  derivedCatalogueVersion,
  findProductSummaries,
  findStockFacts,
  listProducts,
  listProductsPage,
  productSummaryStatement,
  type ProductRow,
  type ProductSummary,
  type StockFacts,
} from './repository';
import { takeStock, type StockLine } from './take-stock';
import { CATALOGUE_VERSION_HOLD_MS, createVersionReader } from './version-reader';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** 'no-prices' is the catalogue for a role without view_prices. */
export type CatalogueVariant = 'full' | 'no-prices';

/** 'objects': GET /api/products (an array of products); 'columns': GET /api/products/columns (ADR 0188). */
export type CatalogueShape = 'objects' | 'columns';

/** The catalogue serialised and compressed once per version, sent as is to every request. */
export interface CatalogueBody {
  version: string;
  etag: string;
  bodies: Record<Encoding, Buffer>;
}

export interface CatalogueSnapshot {
  version: string;
  products: ProductRow[];
}

export function toApiProduct(row: ProductRow, withPrices: boolean): Product {
  const product: Product = {
    id: row.id,
    name: row.name,
    collection: row.collection,
    line: row.line,
    size: row.size,
    color: row.color,
    finish: row.finish,
    soldBy: row.soldBy,
    description: row.description,
    imageUrl: row.imageUrl,
    stockLevel: row.stockLevel,
    coverage: row.coverage,
    quantityOnOrder: row.quantityOnOrder,
  };
  if (withPrices) {
    product.price = row.price;
    product.pricePerSqft = row.pricePerSqft;
  }
  return product;
}

export function catalogueEtag(version: string, variant: CatalogueVariant, shape: CatalogueShape = 'objects'): string {
  return shape === 'objects' ? `W/"catalogue-${version}-${variant}"` : `W/"catalogue-${version}-${variant}-${shape}"`;
}

function newVersionToken(): string {
  return `${Date.now().toString(36)}-${randomBytes(6).toString('hex')}`;
}

async function compressAll(json: string): Promise<Record<Encoding, Buffer>> {
  const identity = Buffer.from(json, 'utf8');
  const [gz, br] = await Promise.all([
    gzipAsync(identity, { level: 9 }),
    brotliAsync(identity, {
      params: {
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        // Quality 9 compresses within a few percent of 11 at a fraction of the time.
        [zlib.BROTLI_PARAM_QUALITY]: 9,
        [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
  ]);
  return { identity, gzip: gz, br };
}

/** Where a page ends: the last id sent and the updatedSince the first page was asked with. */
interface PageCursor {
  afterId: number;
  since: string | null;
}

/** Whether a products request asks for a page (an integration) rather than the whole catalogue (the browser). */
export function wantsPage(query: ProductsQuery): boolean {
  return query.limit !== undefined || query.cursor !== undefined || query.updatedSince !== undefined;
}

/** Where a page request starts and how long it is; the ETag of a page names all three. */
export interface PageRequest extends PageCursor {
  limit: number;
}

export function pageRequest(query: ProductsQuery): PageRequest {
  const limit = query.limit ?? PRODUCTS_PAGE_DEFAULT;
  // The route's schema has already decoded and checked the cursor (productsCursor, ADR 0205).
  if (query.cursor !== undefined) return { afterId: query.cursor[0], since: query.cursor[1], limit };
  return { afterId: 0, since: query.updatedSince ? new Date(query.updatedSince).toISOString() : null, limit };
}

export function pageEtag(version: string, variant: CatalogueVariant, page: PageRequest): string {
  const digest = createHash('sha256').update(JSON.stringify([page.afterId, page.since, page.limit])).digest('base64url').slice(0, 16);
  return `W/"products-${version}-${variant}-${digest}"`;
}

/** A page is built per request: one encoding, at a level that costs little time (unlike the cached catalogue's). */
export async function compressOne(json: string, encoding: Encoding): Promise<Buffer> {
  const identity = Buffer.from(json, 'utf8');
  if (encoding === 'gzip') return gzipAsync(identity, { level: 6 });
  if (encoding === 'br') return brotliAsync(identity, { params: { [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_QUALITY]: 5 } });
  return identity;
}

export type ProductsService = ReturnType<typeof createProductsService>;

/** Most summaries one server remembers for the cart add; past it the map starts again. */
const MAX_REMEMBERED = 20_000;

/**
 * The catalogue is read far more than it is written (GET /api/products):
 * each app server keeps it serialised and compressed, and checks per request,
 * with one indexed read shared by concurrent requests, that the version it holds
 * is still the database's (docs/decisions/0010).
 */
export function createProductsService({ db, settings }: { db: Db; settings: Pick<SettingsService, 'get' | 'put' | 'putIfMissing'> }) {
  // A GET never writes (docs/product-decisions.md): the row is created at start (ensureVersion), and
  // should it vanish, the version is derived from the products themselves.
  const versions = createVersionReader(async () => (await settings.get(CATALOGUE_VERSION)) ?? derivedCatalogueVersion(db), {
    holdMs: CATALOGUE_VERSION_HOLD_MS,
  });
  /** Keyed `${variant}/${shape}`. */
  const bodies = new Map<string, CatalogueBody>();
  /** Built once on the pool; inside a transaction it is built on the transaction's connection. */
  const summaryOnPool = productSummaryStatement(db);
  /**
   * Summaries as this server last read them on the pool (the cart add, ADR 0174). Never
   * trusted alone: whoever acts on one confirms it in its own statement with the database
   * condition `productAsSeenSql` (stock-level-sql.ts), and reads again when it is not.
   */
  const remembered = new Map<number, ProductSummary>();
  const building = new Map<string, Promise<CatalogueBody>>();

  /** Version and rows read in one snapshot, so a body is never labelled with the wrong version. */
  async function snapshot(): Promise<CatalogueSnapshot> {
    return db.transaction(
      async (tx) => {
        const version = (await settings.get(CATALOGUE_VERSION, tx)) ?? (await derivedCatalogueVersion(tx));
        return { version, products: await listProducts(tx) };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }

  async function build(variant: CatalogueVariant, shape: CatalogueShape): Promise<CatalogueBody> {
    const { version, products } = await snapshot();
    const withPrices = variant === 'full';
    const list = products.map((row) => toApiProduct(row, withPrices));
    const json = JSON.stringify(shape === 'columns' ? encodeCatalogueColumns(list, withPrices) : list);
    const body: CatalogueBody = { version, etag: catalogueEtag(version, variant, shape), bodies: await compressAll(json) };
    bodies.set(`${variant}/${shape}`, body);
    return body;
  }

  function buildOnce(variant: CatalogueVariant, shape: CatalogueShape): Promise<CatalogueBody> {
    const key = `${variant}/${shape}`;
    let pending = building.get(key);
    if (!pending) {
      pending = build(variant, shape).finally(() => building.delete(key));
      building.set(key, pending);
    }
    return pending;
  }

  return {
    /**
     * Creates the version row when there is none (at start). A random token, not a
     * counter: a database restored or recreated never repeats an ETag a browser holds.
     */
    async ensureVersion(): Promise<void> {
      await settings.putIfMissing(CATALOGUE_VERSION, newVersionToken());
    },

    /** The catalogue version as a transaction sees it: a stock preview is confirmed only against the same one (ADR 0191). */
    versionIn: async (tx: DbOrTx): Promise<string | null> => settings.get(CATALOGUE_VERSION, tx),

    /** The database's catalogue version (cheap: one indexed read, shared by concurrent callers). */
    currentVersion: () => versions.current(),

    /** The body for `version`; built (once, however many ask) when this server holds an older one. */
    async body(variant: CatalogueVariant, version: string, shape: CatalogueShape = 'objects'): Promise<CatalogueBody> {
      const cached = bodies.get(`${variant}/${shape}`);
      if (cached?.version === version) return cached;
      const built = await buildOnce(variant, shape);
      // A build that started before the change this request saw holds the older catalogue.
      return built.version === version ? built : build(variant, shape);
    },

    snapshot,

    /**
     * Builds the bodies the catalogue pages read (the columns, with and without prices) before the
     * first visitor asks (ADR 0200): at 50,000 products the first /stock after a start
     * waited for the read, the JSON and the compression on top of its own download.
     */
    async warm(): Promise<void> {
      const version = await versions.current();
      for (const variant of ['no-prices', 'full'] as const) {
        if (bodies.get(`${variant}/columns`)?.version !== version) await buildOnce(variant, 'columns');
      }
    },

    /** One page for an integration (ADR 0183); `nextCursor` is null after the last. */
    async page(variant: CatalogueVariant, page: PageRequest): Promise<ProductsPage> {
      const rows = await listProductsPage(db, { afterId: page.afterId, since: page.since ? new Date(page.since) : null, limit: page.limit });
      const more = rows.length > page.limit;
      const shown = more ? rows.slice(0, page.limit) : rows;
      const last = shown.at(-1);
      return {
        products: shown.map((row) => toApiProduct(row, variant === 'full')),
        nextCursor: more && last ? productsCursor.encode([last.id, page.since]) : null,
      };
    },

    /**
     * Field mode's changes feed (docs/decisions/0228): the products changed and the SKUs deleted after
     * `since`, and the instant to ask from next time, all read in one snapshot. `full` when the device
     * must download the whole catalogue instead: no `since`, one older than the tombstones are
     * promised, or more changes than a whole download would cost.
     */
    async changes(variant: CatalogueVariant, since: Date | null, now: Date = new Date()): Promise<CatalogueChanges> {
      return db.transaction(
        async (tx) => {
          const until = await changesHorizon(tx);
          const tooOld = since !== null && now.getTime() - since.getTime() > CATALOGUE_CHANGES_KEPT_DAYS * 24 * 60 * 60 * 1000;
          const nothing = { until: until.toISOString(), full: true, products: [], deleted: [] };
          if (since === null || tooOld) return nothing;
          const rows = await listChangedProducts(tx, since, CATALOGUE_CHANGES_MAX);
          if (rows.length > CATALOGUE_CHANGES_MAX) return nothing;
          return {
            until: until.toISOString(),
            full: false,
            products: rows.map((row) => toApiProduct(row, variant === 'full')),
            deleted: await listDeletedSince(tx, since),
          };
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
    },

    /** What a cart line shows of some products; pass `tx` to read inside the caller's transaction. */
    async summaries(ids: readonly number[], tx: DbOrTx = db): Promise<ProductSummary[]> {
      return findProductSummaries(tx, ids);
    },

    /** Name, stock level and quantity on order of some products: a lots or incoming preview's "before". */
    async stockFacts(ids: readonly number[], tx: DbOrTx = db): Promise<StockFacts[]> {
      return findStockFacts(tx, ids);
    },

    /**
     * One product as a cart line needs it (the cart add), or undefined: a prepared primary-key
     * read. Pass `tx` to read inside the caller's transaction.
     */
    async summary(id: number, tx: DbOrTx = db): Promise<ProductSummary | undefined> {
      if (tx !== db) return (await productSummaryStatement(tx).execute({ id }))[0];
      const [row] = await summaryOnPool.execute({ id });
      if (!row) remembered.delete(id);
      else {
        if (remembered.size >= MAX_REMEMBERED && !remembered.has(id)) remembered.clear();
        remembered.set(id, row);
      }
      return row;
    },

    /**
     * The summary this server's last `summary(id)` on the pool read, or undefined: possibly
     * stale (another server's import). Act on it only inside a statement that also checks
     * `productAsSeenSql(id, name, stockLevel)`, the products module's condition, and
     * read `summary(id)` again when that is false.
     */
    rememberedSummary(id: number): ProductSummary | undefined {
      return remembered.get(id);
    },

    /**
     * In an order's transaction: lowers the stock levels of its SKUs without lots, refusing (409) a
     * line that the locked level no longer holds, and moves the catalogue version when a level
     * changed (docs/decisions/0207-one-stock-rule-at-placement.md). Call `changed()` after commit.
     */
    async takeStock(tx: DbOrTx, lines: readonly StockLine[]): Promise<boolean> {
      const lowered = await takeStock(tx, lines);
      if (lowered) await settings.put(CATALOGUE_VERSION, newVersionToken(), tx);
      return lowered;
    },

    /** Call inside the transaction that changes products. */
    async recordChange(tx: DbOrTx): Promise<void> {
      await settings.put(CATALOGUE_VERSION, newVersionToken(), tx);
    },

    /** Call after that transaction committed, so this server's next read sees the new version. */
    changed(): void {
      versions.invalidate();
      remembered.clear();
    },
  };
}

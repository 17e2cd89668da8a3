import type { Product } from '@common/contracts/products';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { Db, DbOrTx } from '../../db/client';
import type { SettingsService } from '../settings';
import type { Encoding } from '../../lib/http-caching';
import {
  CATALOGUE_VERSION,
  derivedCatalogueVersion,
  findProductSummaries,
  listProducts,
  type ProductRow,
  type ProductSummary,
} from './repository';
import { CATALOGUE_VERSION_HOLD_MS, createVersionReader } from './version-reader';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** 'no-prices' is the catalogue for a role without view_prices (spec §6). */
export type CatalogueVariant = 'full' | 'no-prices';

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

export function catalogueEtag(version: string, variant: CatalogueVariant): string {
  return `W/"catalogue-${version}-${variant}"`;
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

export type ProductsService = ReturnType<typeof createProductsService>;

/**
 * The catalogue is read far more than it is written (spec §7 GET /api/products):
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
  const bodies = new Map<CatalogueVariant, CatalogueBody>();
  const building = new Map<CatalogueVariant, Promise<CatalogueBody>>();

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

  async function build(variant: CatalogueVariant): Promise<CatalogueBody> {
    const { version, products } = await snapshot();
    const json = JSON.stringify(products.map((row) => toApiProduct(row, variant === 'full')));
    const body: CatalogueBody = { version, etag: catalogueEtag(version, variant), bodies: await compressAll(json) };
    bodies.set(variant, body);
    return body;
  }

  function buildOnce(variant: CatalogueVariant): Promise<CatalogueBody> {
    let pending = building.get(variant);
    if (!pending) {
      pending = build(variant).finally(() => building.delete(variant));
      building.set(variant, pending);
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

    /** The database's catalogue version (cheap: one indexed read, shared by concurrent callers). */
    currentVersion: () => versions.current(),

    /** The body for `version`; built (once, however many ask) when this server holds an older one. */
    async body(variant: CatalogueVariant, version: string): Promise<CatalogueBody> {
      const cached = bodies.get(variant);
      if (cached?.version === version) return cached;
      const built = await buildOnce(variant);
      // A build that started before the change this request saw holds the older catalogue.
      return built.version === version ? built : build(variant);
    },

    snapshot,

    /** What a cart line shows of some products; pass `tx` to read inside the caller's transaction. */
    async summaries(ids: readonly number[], tx: DbOrTx = db): Promise<ProductSummary[]> {
      return findProductSummaries(tx, ids);
    },

    /** Call inside the transaction that changes products. */
    async recordChange(tx: DbOrTx): Promise<void> {
      await settings.put(CATALOGUE_VERSION, newVersionToken(), tx);
    },

    /** Call after that transaction committed, so this server's next read sees the new version. */
    changed(): void {
      versions.invalidate();
    },
  };
}

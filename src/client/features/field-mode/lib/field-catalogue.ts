import type { CatalogueChanges } from '@common/contracts/catalogue-changes';
import type { Product } from '@common/contracts/products';
import { decodeCatalogueColumns, encodeCatalogueColumns, packCatalogueColumns } from '@common/domain/catalogue-columns';
import { requestCatalogue, takeEarlyCatalogue } from '@client/api/catalogue-request';
import { api, dataOf } from '@client/lib/api-client';
import { deviceDb, readKv, writeKv, type StoredCatalogue } from './device-db';
import { rememberCatalogueHead } from './device-user';
import { fieldStatus, isNetworkFailure, setFieldStatus } from './field-status';
import { mergeChanges } from './merge-changes';

const CATALOGUE_KEY = 'catalogue';
/** Where the sync stands, apart from the columns: a sync that changed nothing rewrites only this. */
const SYNC_KEY = 'catalogue-sync';
type SyncPoint = Omit<StoredCatalogue, 'columns'>;

/**
 * A whole download that was already under way before its `until` was asked (the /stock page's
 * preload, ADR 0200) may predate changes that `until` covers: its cursor is moved back by this much,
 * so the next sync sends those few minutes again rather than miss one (docs/decisions/0228).
 */
export const EARLY_READ_OVERLAP_MS = 5 * 60 * 1000;

export async function fetchCatalogueChanges(since?: string): Promise<CatalogueChanges> {
  return dataOf(api.GET('/api/products/changes', { params: { query: since ? { since } : {} } }));
}

export async function readStoredCatalogue(userId: number): Promise<StoredCatalogue | undefined> {
  const [sync, columns] = await Promise.all([readKv<SyncPoint>(SYNC_KEY), readKv<StoredCatalogue['columns']>(CATALOGUE_KEY)]);
  return sync?.userId === userId && columns ? { ...sync, columns } : undefined;
}

/**
 * When this device's stock was last brought up to date, from the small sync point alone: the
 * banner says "stock as of" on every page offline (/cart, the dashboard), not only after a page
 * read the whole catalogue.
 */
export async function loadStockAsOf(userId: number): Promise<void> {
  const sync = await readKv<SyncPoint>(SYNC_KEY);
  if (sync?.userId === userId && fieldStatus().stockAsOf === null) setFieldStatus({ stockAsOf: sync.asOf });
}

/** The catalogue kept as the columns the stock page reads (ADR 0188), not a second format. */
export async function storeCatalogue(userId: number, products: readonly Product[], until: string, asOf = Date.now()): Promise<void> {
  const withPrices = products.length > 0 && 'price' in products[0]!;
  const { packed } = packCatalogueColumns(encodeCatalogueColumns(products, withPrices));
  // The head first (synchronous): a page closed the moment the columns are committed still has it.
  rememberCatalogueHead(userId, products);
  // One bulkPut is one transaction: the columns and their sync point change together.
  await deviceDb().kv.bulkPut([
    { key: CATALOGUE_KEY, value: packed },
    { key: SYNC_KEY, value: { userId, until, asOf } satisfies SyncPoint },
  ]);
}

let earlyRead: { userId: number; read: Promise<StoredCatalogue | undefined> } | undefined;
/** The rep whose portal opened offline and whose catalogue has not been read yet. */
let openedOfflineFor: number | undefined;

/**
 * The portal opened offline (docs/decisions/0234): the first read of the catalogue answers the copy on
 * the device without asking the server. With no head of the copy kept for the first rows, the read
 * starts at once, beside the loading of React and the page; with one, it waits for the page to ask
 * after its first paint, so turning 50,000 rows out of IndexedDB (a long task on the page's thread)
 * does not hold back that paint (docs/performance.md, "Field mode").
 */
export function openOffline(userId: number, { readNow }: { readNow: boolean }): void {
  openedOfflineFor = userId;
  if (readNow && earlyRead?.userId !== userId) earlyRead = { userId, read: readStoredCatalogue(userId).catch(() => undefined) };
}

/** The device's copy, and whether this is the first read since the portal opened offline. */
async function takeStoredRead(userId: number): Promise<{ stored: StoredCatalogue | undefined; openedOffline: boolean }> {
  const early = earlyRead?.userId === userId ? earlyRead.read : undefined;
  const openedOffline = openedOfflineFor === userId;
  earlyRead = undefined;
  openedOfflineFor = undefined;
  return { stored: await (early ?? readStoredCatalogue(userId).catch(() => undefined)), openedOffline };
}

/** Saved after the page has its rows: encoding and writing 50,000 products is not on the way to them. */
function storeLater(userId: number, products: readonly Product[], until: string): void {
  const asOf = Date.now();
  setFieldStatus({ stockAsOf: asOf, offline: false });
  setTimeout(() => {
    storeCatalogue(userId, products, until, asOf).catch((error: unknown) => console.warn('Field mode: the catalogue was not saved on this device', error));
  }, 0);
}

async function wholeDownload(userId: number, known?: CatalogueChanges): Promise<Product[]> {
  const early = takeEarlyCatalogue();
  const head = known ?? (await fetchCatalogueChanges());
  const products = await (early ?? requestCatalogue());
  const until = early ? new Date(Date.parse(head.until) - EARLY_READ_OVERLAP_MS).toISOString() : head.until;
  storeLater(userId, products, until);
  return products;
}

/**
 * The catalogue for a rep (docs/decisions/0227, 0228): the copy on the device brought up to date by
 * GET /api/products/changes, or, with no copy yet (or one too old), a whole download kept for next
 * time. Offline, the copy as it is, and the banner says how old it is. A page that preloaded the
 * whole catalogue (/stock opened by address) uses that download.
 */
export function fieldCatalogueReader(userId: number): () => Promise<Product[]> {
  return async () => {
    const { stored, openedOffline } = await takeStoredRead(userId);
    if (!stored) return wholeDownload(userId);
    setFieldStatus({ stockAsOf: stored.asOf });
    // The portal opened with no network (the service worker's offline shell, or the browser offline):
    // the copy as it is, at once, rather than after a call that fails, or hangs on a signal with no
    // data. The network is asked again when it returns (field-runtime.ts).
    if (openedOffline && fieldStatus().offline) return decodeCatalogueColumns(stored.columns);
    let changes: CatalogueChanges;
    try {
      const early = takeEarlyCatalogue();
      if (early) {
        early.catch(() => undefined);
        const products = await early.catch((error: unknown) => {
          if (isNetworkFailure(error)) return undefined;
          throw error;
        });
        if (products) {
          const head = await fetchCatalogueChanges();
          storeLater(userId, products, new Date(Date.parse(head.until) - EARLY_READ_OVERLAP_MS).toISOString());
          return products;
        }
        throw new TypeError('offline');
      }
      changes = await fetchCatalogueChanges(stored.until);
    } catch (error) {
      if (!isNetworkFailure(error)) throw error;
      setFieldStatus({ offline: true });
      return decodeCatalogueColumns(stored.columns);
    }
    if (changes.full) return wholeDownload(userId, changes);
    if (changes.products.length === 0 && changes.deleted.length === 0) {
      const asOf = Date.now();
      setFieldStatus({ stockAsOf: asOf, offline: false });
      void writeKv(SYNC_KEY, { userId, until: changes.until, asOf } satisfies SyncPoint);
      return decodeCatalogueColumns(stored.columns);
    }
    const products = mergeChanges(decodeCatalogueColumns(stored.columns), changes);
    storeLater(userId, products, changes.until);
    return products;
  };
}

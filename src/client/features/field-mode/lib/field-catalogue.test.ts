import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '@common/contracts/products';

/** The device's IndexedDB store, in memory (Dexie is not needed to test the reader's choices). */
const kv = new Map<string, unknown>();
vi.mock('./device-db', () => ({
  readKv: (key: string) => Promise.resolve(kv.get(key)),
  writeKv: (key: string, value: unknown) => Promise.resolve(void kv.set(key, value)),
  deviceDb: () => ({ kv: { bulkPut: (rows: { key: string; value: unknown }[]) => Promise.resolve(rows.forEach((row) => kv.set(row.key, row.value))) } }),
}));

/** Every call the reader makes to the server; the network is down unless a test says otherwise. */
const calls: string[] = [];
let network: 'down' | 'no-changes' = 'down';
vi.mock('@client/lib/api-client', () => ({
  api: {
    GET: (path: string) => {
      calls.push(path);
      if (network === 'down') return Promise.reject(new TypeError('Failed to fetch'));
      return Promise.resolve({ data: { full: false, products: [], deleted: [], until: '2026-12-03T09:00:00.000Z' } });
    },
  },
  dataOf: async (call: Promise<{ data?: unknown }>) => (await call).data,
}));
vi.mock('@client/api/catalogue-request', () => ({ takeEarlyCatalogue: () => undefined, requestCatalogue: () => Promise.reject(new Error('no whole download here')) }));

const { fieldCatalogueReader, openOffline, storeCatalogue } = await import('./field-catalogue');
const { fieldStatus, setFieldStatus } = await import('./field-status');

const product = (id: number): Product => ({
  id,
  name: `Tile ${id}`,
  collection: 'Marble Collection',
  line: 'Calacatta Luxe',
  size: '12x24',
  color: 'White',
  finish: 'Matte',
  soldBy: 'Box',
  description: null,
  imageUrl: null,
  stockLevel: '100',
  coverage: '15.5',
  quantityOnOrder: 0,
  price: '42.50',
  pricePerSqft: '2.74',
});

beforeEach(async () => {
  kv.clear();
  calls.length = 0;
  network = 'down';
  await storeCatalogue(7, [product(1000), product(1001)], '2026-12-03T08:00:00.000Z', 1_000);
});

describe('fieldCatalogueReader (docs/decisions/0228, 0234)', () => {
  it('answers the device copy at once when the portal opened offline, asking the server nothing', async () => {
    // The offline shell (or navigator.onLine false): the portal starts offline and reads the copy early.
    setFieldStatus({ offline: true });
    openOffline(7, { readNow: false });
    const products = await fieldCatalogueReader(7)();
    expect(products.map((p) => p.id)).toEqual([1000, 1001]);
    expect(calls).toEqual([]);
    expect(fieldStatus().stockAsOf).toBe(1_000);
  });

  it('asks for the changes first when the portal opened online, and falls back to the copy when that call fails', async () => {
    setFieldStatus({ offline: false });
    const products = await fieldCatalogueReader(7)();
    expect(products.map((p) => p.id)).toEqual([1000, 1001]);
    expect(calls).toEqual(['/api/products/changes']);
    expect(fieldStatus().offline).toBe(true);
  });

  it('reads again through the network after an offline start (the network returned): no change, no longer offline', async () => {
    setFieldStatus({ offline: true });
    openOffline(7, { readNow: true });
    await fieldCatalogueReader(7)();
    network = 'no-changes';
    const products = await fieldCatalogueReader(7)();
    expect(products.map((p) => p.id)).toEqual([1000, 1001]);
    expect(calls).toEqual(['/api/products/changes']);
    expect(fieldStatus().offline).toBe(false);
  });
});

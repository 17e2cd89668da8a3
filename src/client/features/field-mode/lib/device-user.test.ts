import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Product } from '@common/contracts/products';
import { CATALOGUE_HEAD_SIZE, catalogueHead, forgetDeviceUser, rememberCatalogueHead } from './device-user';

/** A localStorage for Node (the browser's has the same four calls used here). */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    clear: () => items.clear(),
  };
}

const product = (id: number) => ({ id, name: `Tile ${id}`, stockLevel: '10', quantityOnOrder: 0 }) as Product;

describe('the catalogue head (docs/decisions/0234)', () => {
  beforeEach(() => {
    (globalThis as { localStorage?: unknown }).localStorage = memoryStorage();
  });
  afterEach(() => {
    delete (globalThis as { localStorage?: unknown }).localStorage;
  });

  it("keeps the first rows in the stock page's order and the whole count, for that rep only", () => {
    const catalogue = Array.from({ length: 500 }, (_, i) => product(1000 + i));
    rememberCatalogueHead(7, catalogue);
    const head = catalogueHead(7);
    expect(head?.total).toBe(500);
    expect(head?.products).toHaveLength(CATALOGUE_HEAD_SIZE);
    expect(head?.products.map((p) => p.id).slice(0, 3)).toEqual([1000, 1001, 1002]);
    expect(catalogueHead(8)).toBeUndefined();
  });

  it('goes with the device user on sign-out', () => {
    rememberCatalogueHead(7, [product(1)]);
    forgetDeviceUser();
    expect(catalogueHead(7)).toBeUndefined();
  });
});

import { getTableColumns } from 'drizzle-orm';
import type { Db } from '../src/server/db/client';
import { stockLevelSql } from '../src/server/modules/products';
import { merchandise, products } from '../src/server/db/schema';
import { STOCK_FABRICATION, STOCK_SPECIAL_ORDER, stockColumnsOf } from '../src/common/domain/stock-level';
import type { TestClient } from './api';

/** A small catalogue with every stock state, inserted into a test file's own database. */
export const CATALOGUE = {
  plenty: { id: 1001, name: 'Calacatta 12x24 White Polished', stockLevel: '500', price: '42.50' },
  few: { id: 1002, name: 'Urban Concrete 24x24 Grey Matte', stockLevel: '5', price: '61.99' },
  out: { id: 1003, name: 'Zellige 3x12 Green Glossy', stockLevel: '0', price: '9.99' },
  special: { id: 1004, name: 'Onyx 48x110 Slab Honey', stockLevel: STOCK_SPECIAL_ORDER, price: null },
  fabrication: { id: 1005, name: 'Quartzite 63x126 Slab Taj', stockLevel: STOCK_FABRICATION, price: null },
  cheap: { id: 1006, name: 'Subway 3x6 Bright White', stockLevel: '2000', price: '0.10' },
  priced: { id: 1007, name: 'Travertino 18x18 Ivory Honed', stockLevel: '40', price: '0.20' },
} as const;

export const MERCH = {
  display: { type: 'display', code: 'DSP-1', name: 'Floor Spinner', category: 'Floor Displays' },
  label: { type: 'label', code: 'LBL-CAL', name: 'Calacatta Shelf Label', line: 'Calacatta' },
  label2: { type: 'label', code: 'LBL-UC', name: 'Urban Concrete Shelf Label', line: 'Urban Concrete' },
  pricelist: { type: 'pricelist', code: 'PL-1', name: 'Retail Price List', category: 'General' },
  handboard: { type: 'handboard', code: 'HB-1', name: 'Calacatta Handboard', handboardType: 'Handboard' },
} as const;

/**
 * A product row given with the API's stock text (`stockLevel: '12'`) and the two columns the table
 * keeps (docs/decisions/0223-stock-as-a-count-and-a-status.md); the insert ignores the text.
 */
export function withStock<T extends { stockLevel?: string | null }>(product: T): T & ReturnType<typeof stockColumnsOf> {
  return { ...product, ...stockColumnsOf(product.stockLevel) };
}

/** Every column of products, and the stock as the API's text: `db.select(productColumns).from(products)`. */
export const productColumns = { ...getTableColumns(products), stockLevel: stockLevelSql() };

export async function insertCatalogue(db: Db): Promise<void> {
  await db
    .insert(products)
    .values(Object.values(CATALOGUE).map((p) => withStock({ ...p, line: p.name.split(' ')[0], size: '12x24', soldBy: 'Box' })))
    .onConflictDoNothing();
  await db.insert(merchandise).values(Object.values(MERCH)).onConflictDoNothing();
}

/** The caller's active cart as the API shows it. */
export async function activeCart(client: TestClient) {
  const response = await client.get('/api/carts');
  if (response.statusCode !== 200) throw new Error(`carts: ${response.statusCode} ${response.body}`);
  const carts = response.json() as { id: number; isActive: boolean; name: string; totalItems: number; items: { id: number; productId: number; quantity: number }[] }[];
  const active = carts.find((c) => c.isActive);
  if (!active) throw new Error('no active cart');
  return active;
}

export function put(client: TestClient, url: string, json: unknown) {
  return client.request({ method: 'PUT', url, json });
}

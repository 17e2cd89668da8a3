import { describe, expect, it } from 'vitest';
import type { Product } from '../contracts/products';
import { decodeCatalogueColumns, encodeCatalogueColumns, packCatalogueColumns } from './catalogue-columns';

const product = (id: number, fields: Partial<Product> = {}): Product => ({
  id,
  name: `Tile ${id}`,
  collection: 'Marble Collection',
  line: 'Calacatta Luxe',
  size: '12x24',
  color: 'White',
  finish: 'Matte',
  soldBy: 'Box',
  description: 'Porcelain floor tile',
  imageUrl: null,
  stockLevel: '100',
  coverage: '15.5',
  quantityOnOrder: 0,
  price: '42.50',
  pricePerSqft: '2.74',
  ...fields,
});

const catalogue = [
  product(1000),
  product(1001, { line: null, color: null, description: null, price: null, pricePerSqft: null }),
  product(2_000_000_123, { quantityOnOrder: 40, imageUrl: '/images/a.png', stockLevel: 'Special Order Only', soldBy: 'Each' }),
];

describe('packCatalogueColumns (ADR 0198)', () => {
  it('decodes to the same products as the parsed columns, with and without prices', () => {
    for (const withPrices of [true, false]) {
      const columns = JSON.parse(JSON.stringify(encodeCatalogueColumns(catalogue, withPrices))) as ReturnType<typeof encodeCatalogueColumns>;
      const { packed } = packCatalogueColumns(columns);
      expect(decodeCatalogueColumns(packed)).toStrictEqual(decodeCatalogueColumns(columns));
    }
  });

  it('puts every number column in a typed array whose buffer is listed for transfer', () => {
    const { packed, transfer } = packCatalogueColumns(encodeCatalogueColumns(catalogue, true));
    expect(packed.id).toBeInstanceOf(Float64Array);
    expect(Array.from(packed.id)).toEqual([1000, 1001, 2_000_000_123]);
    expect(packed.line).toBeInstanceOf(Int32Array);
    expect(packed.line[1]).toBe(-1);
    expect(transfer).toHaveLength(11);
    expect(transfer).toContain((packed.line as Int32Array).buffer);
    expect(packed.name).toEqual(['Tile 1000', 'Tile 1001', 'Tile 2000000123']);
  });
});

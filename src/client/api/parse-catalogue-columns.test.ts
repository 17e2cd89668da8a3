import { describe, expect, it } from 'vitest';
import { decodeCatalogueColumns, encodeCatalogueColumns } from '@common/domain/catalogue-columns';
import type { Product } from '@common/contracts/products';
import { parseCatalogueColumns, startColumnsParser } from './parse-catalogue-columns';

const products: Product[] = [
  { id: 7, name: 'Tile 7', collection: null, line: 'Oak Plank', size: '8x48', color: 'Sand', finish: 'Matte', soldBy: 'Box', description: 'Wood look', imageUrl: null, stockLevel: '12', coverage: '15.5', quantityOnOrder: 0 },
];
const bytesOf = (text: string) => new TextEncoder().encode(text).buffer as ArrayBuffer;

describe('parseCatalogueColumns (ADR 0198)', () => {
  it('parses on this thread where there are no workers (the unit tests\u2019 DOM), to the same products', async () => {
    expect(startColumnsParser()).toBeUndefined();
    const columns = await parseCatalogueColumns(bytesOf(JSON.stringify(encodeCatalogueColumns(products, false))), undefined);
    expect(decodeCatalogueColumns(columns)).toStrictEqual(products);
  });

  it('rejects a body that is not JSON', async () => {
    await expect(parseCatalogueColumns(bytesOf('<html>'), undefined)).rejects.toThrow(SyntaxError);
  });
});

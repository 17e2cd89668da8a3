import { describe, expect, it } from 'vitest';
import type { Product } from '@common/contracts/products';
import { mergeChanges } from './merge-changes';

const tile = (id: number, stockLevel = '10'): Product => ({
  id,
  name: `Tile ${id}`,
  collection: null,
  line: null,
  size: null,
  color: null,
  finish: null,
  soldBy: 'Box',
  description: null,
  imageUrl: null,
  stockLevel,
  coverage: '15.5',
  quantityOnOrder: 0,
});

describe('mergeChanges (docs/decisions/0228)', () => {
  it('replaces changed products, drops deleted ones and adds new ones in id order', () => {
    const merged = mergeChanges([tile(1), tile(2), tile(5)], { products: [tile(2, '99'), tile(3)], deleted: [5] });
    expect(merged.map((p) => [p.id, p.stockLevel])).toEqual([
      [1, '10'],
      [2, '99'],
      [3, '10'],
    ]);
  });

  it('keeps a SKU deleted and created again since the last sync', () => {
    expect(mergeChanges([tile(1)], { products: [tile(1, '4')], deleted: [1] }).map((p) => p.stockLevel)).toEqual(['4']);
    expect(mergeChanges([], { products: [tile(7)], deleted: [7] }).map((p) => p.id)).toEqual([7]);
  });

  it('leaves the catalogue as it was when nothing changed', () => {
    const current = [tile(1), tile(2)];
    expect(mergeChanges(current, { products: [], deleted: [] })).toEqual(current);
  });
});

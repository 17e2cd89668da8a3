import { describe, expect, it } from 'vitest';
import { rankBySku } from './sku-rank';

const rows = (...ids: number[]) => ids.map((id) => ({ id }));
const ids = (list: { id: number }[]) => list.map((r) => r.id);

describe('rankBySku (docs/decisions/0213: exact SKU matches first)', () => {
  it('lists the exact SKU first, then SKUs starting with it, then other matches, each in their order', () => {
    const found = rows(11002, 21002, 10021, 31002, 1002, 10020);
    expect(ids(rankBySku(found, ['1002']))).toEqual([1002, 10021, 10020, 11002, 21002, 31002]);
  });

  it('keeps the order of a search without a number word', () => {
    const found = rows(3, 1, 2);
    expect(ids(rankBySku(found, ['white']))).toEqual([3, 1, 2]);
    expect(ids(rankBySku(found, []))).toEqual([3, 1, 2]);
  });

  it('reads leading zeros as the same SKU and does not change the rows it was given', () => {
    const found = rows(21002, 1002);
    expect(ids(rankBySku(found, ['01002']))).toEqual([1002, 21002]);
    expect(ids(found)).toEqual([21002, 1002]);
  });
});

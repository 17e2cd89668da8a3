import { describe, expect, it } from 'vitest';
import { parseMinQuantity, parsePriceText } from '@common/contracts/price-lists';
import { diffEntries, isFlagged, percentChange } from './entries-diff';

const row = (productId: number, price: string, minQuantity = 1) => ({ productId, minQuantity, price });

describe('the entries diff (docs/decisions/0231)', () => {
  it('keys rows by SKU and min quantity: added, changed, removed, unchanged', () => {
    const diff = diffEntries([row(1, '10.00'), row(1, '9.00', 100), row(2, '5.00'), row(3, '1.00')], [row(1, '10.00'), row(1, '8.00', 100), row(2, '5.00', 10), row(4, '2.00')]);
    expect(diff.unchanged).toBe(1);
    expect(diff.changed).toEqual([{ ...row(1, '8.00', 100), before: '9.00', percent: -11.1, flagged: false }]);
    expect(diff.added).toEqual([row(2, '5.00', 10), row(4, '2.00')]);
    expect(diff.removed).toEqual([row(2, '5.00'), row(3, '1.00')]);
  });

  it('compares prices as cents, so 8.4 and 8.40 are the same price', () => {
    expect(diffEntries([row(1, '8.40')], [row(1, '8.4')]).unchanged).toBe(1);
  });

  it('flags a change over 20% either way, and any change from 0', () => {
    expect(percentChange('10.00', '12.00')).toBe(20);
    expect(isFlagged('10.00', '12.00')).toBe(false);
    expect(isFlagged('10.00', '12.01')).toBe(true);
    expect(isFlagged('10.00', '7.99')).toBe(true);
    expect(percentChange('0.00', '1.00')).toBeNull();
    expect(isFlagged('0.00', '1.00')).toBe(true);
    expect(isFlagged('0.00', '0.00')).toBe(false);
  });
});

describe('price and quantity cells', () => {
  it.each([
    ['8.4', '8.40'],
    ['$8.40', '8.40'],
    ['1,234.50', '1234.50'],
    ['0', '0.00'],
    [' 12 ', '12.00'],
  ])('reads %s as %s', (cell, price) => expect(parsePriceText(cell)).toBe(price));

  it.each(['-1', '1.234', 'abc', '', '1e3', '=1+1', '99999999999'])('refuses %s', (cell) => expect(parsePriceText(cell)).toBeNull());

  it('reads min quantities: blank is 1, whole numbers of at least 1', () => {
    expect(parseMinQuantity('')).toBe(1);
    expect(parseMinQuantity(undefined)).toBe(1);
    expect(parseMinQuantity('100')).toBe(100);
    expect(parseMinQuantity('0')).toBeNull();
    expect(parseMinQuantity('1.5')).toBeNull();
  });
});

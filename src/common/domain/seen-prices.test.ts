import { describe, expect, it } from 'vitest';
import { priceChanges, type PricedLine } from './seen-prices';

const line = (over: Partial<PricedLine> = {}): PricedLine => ({ productId: 1001, productName: 'Calacatta', quantity: 2, currentPrice: '120.00', ...over });

describe('priceChanges (docs/decisions/0206)', () => {
  it('is null when the caller sent nothing to compare (opted out)', () => {
    expect(priceChanges([line()])).toBeNull();
  });

  it('is null when every seen price and the seen total match, whatever their spelling', () => {
    expect(priceChanges([line({ seenPrice: '120' }), line({ productId: 2, currentPrice: null, seenPrice: 'CALL' })], '240.00')).toBeNull();
    expect(priceChanges([line({ seenPrice: 120 })], 240)).toBeNull();
  });

  it('lists a changed line with old and new price and both totals', () => {
    expect(priceChanges([line({ seenPrice: '100.59' }), line({ productId: 7, currentPrice: '1.00', seenPrice: '1.00', quantity: 3 })])).toEqual({
      lines: [{ productId: 1001, productName: 'Calacatta', quantity: 2, oldPrice: '100.59', newPrice: '120.00' }],
      oldTotal: '204.18',
      newTotal: '243.00',
      hasCallPrices: false,
    });
  });

  it('counts a move to or from CALL as a change, CALL lines adding 0 to the totals', () => {
    const toCall = priceChanges([line({ currentPrice: null, seenPrice: '120.00' })]);
    expect(toCall).toMatchObject({ lines: [{ oldPrice: '120.00', newPrice: null }], oldTotal: '240.00', newTotal: '0.00', hasCallPrices: true });
    const fromCall = priceChanges([line({ seenPrice: null })]);
    expect(fromCall).toMatchObject({ lines: [{ oldPrice: null, newPrice: '120.00' }], oldTotal: '0.00', newTotal: '240.00' });
  });

  it('refuses a seen total that differs even when no line says which price moved', () => {
    expect(priceChanges([line()], '201.18')).toEqual({ lines: [], oldTotal: '201.18', newTotal: '240.00', hasCallPrices: false });
  });

  it('takes lines without a seen price at their current price', () => {
    expect(priceChanges([line({ seenPrice: '120.00' }), line({ productId: 9 })])).toBeNull();
  });
});

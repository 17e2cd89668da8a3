import { describe, expect, it } from 'vitest';
import { parseStockLevel, STOCK_FABRICATION, STOCK_SPECIAL_ORDER } from './stock-level';
import { matchesStockStatus, STOCK_STATE_LABEL, STOCK_STATE_TONE, stockRowMessage } from './stock-status';

describe('stock state and colour', () => {
  it.each([
    ['0', 'out_of_stock', 'red'],
    ['-3', 'out_of_stock', 'red'],
    ['1', 'low_stock', 'yellow'],
    ['10', 'low_stock', 'yellow'],
    ['11', 'in_stock', 'green'],
    ['2400', 'in_stock', 'green'],
    [STOCK_SPECIAL_ORDER, 'special_order', 'orange'],
    [STOCK_FABRICATION, 'fabrication', 'yellow'],
    ['special order only', 'special_order', 'orange'],
    ['', 'out_of_stock', 'red'],
  ] as const)('%j is %s (%s)', (level, state, tone) => {
    expect(parseStockLevel(level).kind).toBe(state);
    expect(STOCK_STATE_TONE[parseStockLevel(level).kind]).toBe(tone);
  });

  it('pairs every state with a word', () => {
    expect(STOCK_STATE_LABEL.out_of_stock).toBe('Out of Stock');
    expect(Object.values(STOCK_STATE_LABEL).every((word) => word.length > 0)).toBe(true);
  });
});

describe('what can be added', () => {
  it('refuses out-of-stock and special-order items, allows fabrication', () => {
    expect(parseStockLevel('0').orderable).toBe(false);
    expect(parseStockLevel(STOCK_SPECIAL_ORDER).orderable).toBe(false);
    expect(parseStockLevel(STOCK_FABRICATION).orderable).toBe(true);
    expect(parseStockLevel('4').orderable).toBe(true);
  });
  it('gives the spec row messages', () => {
    expect(stockRowMessage('special_order')).toBe('This item is available by special order only');
    expect(stockRowMessage('out_of_stock')).toBe('This item is currently out of stock');
    expect(stockRowMessage('fabrication')).toBe('This item requires fabrication with a 2 week lead time');
    expect(stockRowMessage('in_stock')).toBeNull();
  });
});

describe('stock status filter (values)', () => {
  const p = (stockLevel: string, quantityOnOrder = 0) => ({ stockLevel, quantityOnOrder });
  it('all passes everything', () => {
    expect(matchesStockStatus('all', p('0'))).toBe(true);
  });
  it('in_stock counts low stock too', () => {
    expect(matchesStockStatus('in_stock', p('3'))).toBe(true);
    expect(matchesStockStatus('in_stock', p('300'))).toBe(true);
    expect(matchesStockStatus('in_stock', p('0'))).toBe(false);
  });
  it('special_order, fabrication and out_of_stock match their state', () => {
    expect(matchesStockStatus('special_order', p(STOCK_SPECIAL_ORDER))).toBe(true);
    expect(matchesStockStatus('fabrication', p(STOCK_FABRICATION))).toBe(true);
    expect(matchesStockStatus('out_of_stock', p('0'))).toBe(true);
    expect(matchesStockStatus('out_of_stock', p(STOCK_SPECIAL_ORDER))).toBe(false);
  });
  it('on_order means something is on order', () => {
    expect(matchesStockStatus('on_order', p('0', 40))).toBe(true);
    expect(matchesStockStatus('on_order', p('500', 0))).toBe(false);
  });
  it('reads odd levels the way the cart does', () => {
    expect(matchesStockStatus('in_stock', p('12.5'))).toBe(true);
    expect(matchesStockStatus('fabrication', p('fabrication required'))).toBe(true);
    expect(matchesStockStatus('out_of_stock', p('lots'))).toBe(true);
  });
});

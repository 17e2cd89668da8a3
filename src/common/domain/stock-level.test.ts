import { describe, expect, it } from 'vitest';
import { hasStockOnHand, MAX_LINE_QUANTITY, parseStockLevel, STOCK_FABRICATION, STOCK_SPECIAL_ORDER, type StockKind } from './stock-level';

/**
 * Every odd value a stock level has been seen to hold, with what it must mean on
 * both sides: the stock row's Add (orderable), the line limit the server enforces
 * (maxQuantity), the count shown (quantity) and the colour's state (kind).
 */
describe('parseStockLevel: one reading for the stock row, the catalog, quick add and the server', () => {
  it.each<[string | null | undefined, StockKind, number | null, boolean, number]>([
    // level                       kind             quantity  orderable  maxQuantity
    ['25', 'in_stock', 25, true, 25],
    ['11', 'in_stock', 11, true, 11],
    ['10', 'low_stock', 10, true, 10],
    ['1', 'low_stock', 1, true, 1],
    ['  7  ', 'low_stock', 7, true, 7],
    ['007', 'low_stock', 7, true, 7],
    ['1,322', 'in_stock', 1322, true, 1322],
    ['12,345,678', 'in_stock', 12_345_678, true, MAX_LINE_QUANTITY],
    ['99999', 'in_stock', 99_999, true, MAX_LINE_QUANTITY],
    ['12.5', 'in_stock', 12, true, 12],
    ['10.9', 'low_stock', 10, true, 10],
    ['1,322.75', 'in_stock', 1322, true, 1322],
    ['0.5', 'out_of_stock', 0, false, 0],
    ['0', 'out_of_stock', 0, false, 0],
    ['0.0', 'out_of_stock', 0, false, 0],
    ['-0', 'out_of_stock', 0, false, 0],
    ['-3', 'out_of_stock', 0, false, 0],
    ['-1,200', 'out_of_stock', 0, false, 0],
    ['', 'out_of_stock', 0, false, 0],
    ['   ', 'out_of_stock', 0, false, 0],
    ['9'.repeat(400), 'out_of_stock', 0, false, 0],
    ['   ', 'out_of_stock', 0, false, 0],
    [null, 'out_of_stock', 0, false, 0],
    [undefined, 'out_of_stock', 0, false, 0],
    ['lots', 'out_of_stock', 0, false, 0],
    ['12 boxes', 'out_of_stock', 0, false, 0],
    ['$12', 'out_of_stock', 0, false, 0],
    ['1e3', 'out_of_stock', 0, false, 0],
    ['0x10', 'out_of_stock', 0, false, 0],
    ['Infinity', 'out_of_stock', 0, false, 0],
    ['NaN', 'out_of_stock', 0, false, 0],
    ['1,32', 'out_of_stock', 0, false, 0],
    ['12.', 'out_of_stock', 0, false, 0],
    [STOCK_SPECIAL_ORDER, 'special_order', null, false, 0],
    ['special order only', 'special_order', null, false, 0],
    ['SPECIAL  ORDER', 'special_order', null, false, 0],
    ['Special-Order', 'special_order', null, false, 0],
    [STOCK_FABRICATION, 'fabrication', null, true, MAX_LINE_QUANTITY],
    ['fabrication required', 'fabrication', null, true, MAX_LINE_QUANTITY],
    ['FABRICATION REQUIRED  - 2 WEEK LEAD', 'fabrication', null, true, MAX_LINE_QUANTITY],
    ['Special order or fabrication', 'special_order', null, false, 0],
  ])('%j reads as %s (quantity %j, orderable %s, at most %d a line)', (level, kind, quantity, orderable, maxQuantity) => {
    expect(parseStockLevel(level)).toEqual({ kind, quantity, orderable, maxQuantity });
  });

  it.each([
    ['5', true],
    ['12.5', true],
    ['0', false],
    ['0.5', false],
    [STOCK_FABRICATION, false],
    [STOCK_SPECIAL_ORDER, false],
    ['lots', false],
  ])('catalog badge: %j has stock on hand: %s', (level, onHand) => {
    expect(hasStockOnHand(parseStockLevel(level))).toBe(onHand);
  });
});

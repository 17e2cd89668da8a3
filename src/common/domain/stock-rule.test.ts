import { describe, expect, it } from 'vitest';
import { STOCK_FABRICATION, STOCK_SPECIAL_ORDER } from './stock-level';
import { STOCK_RULE_MESSAGES, takeFromStockLevel } from './stock-rule';

describe('takeFromStockLevel', () => {
  it.each([
    ['3', 3, { kind: 'lowered', stockLevel: '0' }],
    ['10', 3, { kind: 'lowered', stockLevel: '7' }],
    ['1,322', 22, { kind: 'lowered', stockLevel: '1300' }],
    ['12.5', 2, { kind: 'lowered', stockLevel: '10' }],
    ['2', 3, { kind: 'short', available: 2 }],
    ['0', 1, { kind: 'short', available: 0 }],
    ['', 1, { kind: 'short', available: 0 }],
    [STOCK_FABRICATION, 40, { kind: 'uncounted' }],
    [STOCK_SPECIAL_ORDER, 1, { kind: 'uncounted' }],
  ] as const)('%j less %i boxes is %j', (level, quantity, expected) => {
    expect(takeFromStockLevel(level, quantity)).toEqual(expected);
  });

  it('names the SKU and what is left', () => {
    expect(STOCK_RULE_MESSAGES.short({ productId: 20005, productName: 'Slate 12x12', quantity: 3 }, 1)).toBe(
      'Slate 12x12 (SKU 20005): only 1 box is left in stock, and this order asks for 3. Nothing was ordered; lower the quantity in your cart and place the order again.',
    );
  });
});

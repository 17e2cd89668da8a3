import { describe, expect, it } from 'vitest';
import type { CartView } from '@common/contracts/carts';
import { ApiError } from '@client/lib/api-client';
import { blockingLines, lineRefusalsOf, type CartLotLine } from './lot-conflicts';

/** docs/decisions/0209: which lines keep Place Order disabled, and which lines a 409 names. */
const cart = {
  id: 7,
  items: [
    { id: 1, productId: 2001, quantity: 1500, product: { name: 'Slate Charcoal' } },
    { id: 2, productId: 2002, quantity: 100, product: { name: 'Marble Bianco' } },
    { id: 3, productId: 2004, quantity: 5, product: { name: 'Terrazzo Grigio' } },
  ],
} as unknown as CartView;

const lotLine = (productId: number, quantity: number, conflict: CartLotLine['conflict']): CartLotLine => ({
  productId,
  quantity,
  oneLot: true,
  largestLot: 1310,
  largestLotCode: 'L2400A',
  lots: [],
  moreLots: 0,
  warning: null,
  totalBoxes: 2392,
  conflict,
  plan: [],
});

describe('blockingLines', () => {
  it('names each line whose lots cannot fill it, with a short reason', () => {
    const lines = [lotLine(2001, 1500, 'no_single_lot'), lotLine(2002, 100, null)];
    expect(blockingLines(cart, lines, new Map())).toEqual([{ productId: 2001, name: 'Slate Charcoal', reason: 'no single lot has 1,500 boxes' }]);
  });

  it('does not block on an answer about another quantity (an optimistic change being read again)', () => {
    expect(blockingLines(cart, [lotLine(2001, 1400, 'no_single_lot')], new Map())).toEqual([]);
  });

  it('blocks a line without lots the server refused while it keeps that quantity; a lot line follows its lots answer', () => {
    const refusals = new Map([
      [2004, { message: 'Only 3 of Terrazzo Grigio are in stock. Please update your cart.', quantity: 5 }],
      [2002, { message: 'no single lot', quantity: 100 }],
    ]);
    expect(blockingLines(cart, [lotLine(2002, 100, null)], refusals).map((l) => l.productId)).toEqual([2004]);
    expect(blockingLines(cart, [], new Map([[2004, { message: 'x', quantity: 6 }]]))).toEqual([]);
  });
});

describe('lineRefusalsOf', () => {
  it('reads the lines a 409 names by path, at the quantity they had', () => {
    const error = new ApiError(409, 'Conflict', {
      message: 'Slate Charcoal (SKU 2001): no single lot has 1,500 boxes',
      errors: [
        { path: 'items.2001', message: 'Slate Charcoal (SKU 2001): no single lot has 1,500 boxes' },
        { path: 'items.9999', message: 'not in this cart' },
      ],
    });
    expect(lineRefusalsOf(error, cart)).toEqual(new Map([[2001, { message: 'Slate Charcoal (SKU 2001): no single lot has 1,500 boxes', quantity: 1500 }]]));
  });

  it('is null for other failures', () => {
    expect(lineRefusalsOf(new ApiError(409, 'Conflict', { message: 'Prices changed: review the new total' }), cart)).toBeNull();
    expect(lineRefusalsOf(new ApiError(400, 'Bad Request', { message: 'x', errors: [{ path: 'items.2001', message: 'x' }] }), cart)).toBeNull();
    expect(lineRefusalsOf(new Error('network'), cart)).toBeNull();
  });
});

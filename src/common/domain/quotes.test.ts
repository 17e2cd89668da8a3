import { describe, expect, it } from 'vitest';
import { allocateLine } from './lots';
import {
  afterDrawDown,
  belowFloor,
  canMoveQuote,
  drawDown,
  floorPrice,
  fullyUsed,
  holdExpiry,
  placeHold,
  QUOTE_MESSAGES,
  recountHeldLot,
  validUntilProblem,
  type QuoteLineState,
} from './quotes';

describe('placeHold', () => {
  it.each([
    { free: 300, wanted: 10, expected: { ok: true, left: 290 } },
    { free: 300, wanted: 300, expected: { ok: true, left: 0 } },
    { free: 300, wanted: 301, expected: { ok: false, free: 300 } },
    { free: 0, wanted: 1, expected: { ok: false, free: 0 } },
    { free: 5, wanted: 0, expected: { ok: false, free: 5 } },
    { free: 5, wanted: -2, expected: { ok: false, free: 5 } },
    { free: 5, wanted: 1.5, expected: { ok: false, free: 5 } },
    { free: -3, wanted: 1, expected: { ok: false, free: 0 } },
  ])('$wanted boxes of a lot with $free free', ({ free, wanted, expected }) => {
    expect(placeHold(free, wanted)).toEqual(expected);
  });
});

describe('recountHeldLot: a lots upload on a held lot', () => {
  it.each([
    { shelf: 100, holds: [{ id: 1, quantity: 40 }], free: 60, kept: [40], short: 0 },
    { shelf: 40, holds: [{ id: 1, quantity: 40 }], free: 0, kept: [40], short: 0 },
    { shelf: 30, holds: [{ id: 1, quantity: 20 }, { id: 2, quantity: 20 }], free: 0, kept: [20, 10], short: 10 },
    { shelf: 5, holds: [{ id: 1, quantity: 20 }, { id: 2, quantity: 20 }], free: 0, kept: [5, 0], short: 35 },
    { shelf: 0, holds: [{ id: 1, quantity: 20 }], free: 0, kept: [0], short: 20 },
    { shelf: 12, holds: [], free: 12, kept: [], short: 0 },
  ])('$shelf on the shelf', ({ shelf, holds, free, kept, short }) => {
    const result = recountHeldLot(shelf, holds);
    expect(result.free).toBe(free);
    expect(result.holds.map((h) => h.quantity)).toEqual(kept);
    expect(result.short).toBe(short);
    // Never negative, and never more held than is there.
    expect(result.holds.every((h) => h.quantity >= 0)).toBe(true);
    expect(result.free + result.holds.reduce((s, h) => s + h.quantity, 0)).toBe(shelf);
  });
});

it('names the quotes of a held lot a lots file brings short', () => {
  expect(QUOTE_MESSAGES.heldLotShort({ sku: 7001, lot: 'H1', onShelf: 100, held: 165, quotes: ['Q-3 Harbor Hotel lobby'] })).toBe(
    'SKU 7001 lot H1: the file counts 100 boxes, 165 are held for Q-3 Harbor Hotel lobby. Confirming cuts the newest holds to what is there.',
  );
});

describe('statuses, validity and floor', () => {
  it('moves only forward', () => {
    expect(canMoveQuote('requested', 'quoted')).toBe(true);
    expect(canMoveQuote('quoted', 'accepted')).toBe(true);
    expect(canMoveQuote('quoted', 'declined')).toBe(true);
    expect(canMoveQuote('accepted', 'closed')).toBe(true);
    expect(canMoveQuote('requested', 'accepted')).toBe(false);
    expect(canMoveQuote('declined', 'accepted')).toBe(false);
    expect(canMoveQuote('expired', 'accepted')).toBe(false);
    expect(canMoveQuote('accepted', 'quoted')).toBe(false);
  });

  it('keeps a hold within the quote and 90 days', () => {
    const placed = new Date('2026-01-01T10:00:00Z');
    expect(holdExpiry('2026-01-31', placed).toISOString()).toBe('2026-01-31T23:59:59.999Z');
    expect(holdExpiry('2026-12-31', placed).toISOString()).toBe('2026-04-01T10:00:00.000Z');
    expect(validUntilProblem('2026-01-01', '2026-01-01')).toBeNull();
    expect(validUntilProblem('2025-12-31', '2026-01-01')).toBe(QUOTE_MESSAGES.validUntilPast);
    expect(validUntilProblem('2026-04-01', '2026-01-01')).toBeNull();
    expect(validUntilProblem('2026-04-02', '2026-01-01')).toBe(QUOTE_MESSAGES.validUntilTooFar);
  });

  it('floors at the lowest price anyone has', () => {
    expect(floorPrice('10.00', ['8.40', '9.10'])).toBe('8.40');
    expect(floorPrice('7.99', ['8.40'])).toBe('7.99');
    expect(floorPrice(null, [])).toBeNull();
    expect(belowFloor('8.39', '8.40')).toBe(true);
    expect(belowFloor('8.40', '8.40')).toBe(false);
    expect(belowFloor('0.01', null)).toBe(false);
  });
});

describe('drawDown', () => {
  const lines: QuoteLineState[] = [
    { id: 1, productId: 100, quantity: 170, used: 0, price: '7.25', heldLotId: 9, held: 170 },
    { id: 2, productId: 200, quantity: 20, used: 15, price: '3.10', heldLotId: null, held: 0 },
  ];

  it('takes the held lot first at the quoted price', () => {
    const result = drawDown(lines, [{ quoteLineId: 1, quantity: 60 }, { quoteLineId: 2, quantity: 5 }]);
    expect(result).toEqual({
      ok: true,
      lines: [
        { quoteLineId: 1, productId: 100, quantity: 60, price: '7.25', fromHold: 60, fromStock: 0, heldLotId: 9 },
        { quoteLineId: 2, productId: 200, quantity: 5, price: '3.10', fromHold: 0, fromStock: 5, heldLotId: null },
      ],
    });
  });

  it('refuses more than is left, lines of other quotes, and nothing at all', () => {
    expect(drawDown(lines, [{ quoteLineId: 2, quantity: 6 }])).toMatchObject({ ok: false, message: QUOTE_MESSAGES.overQuote(200, 5) });
    expect(drawDown(lines, [{ quoteLineId: 3, quantity: 1 }])).toMatchObject({ ok: false, message: QUOTE_MESSAGES.lineNotOnQuote });
    expect(drawDown(lines, [{ quoteLineId: 1, quantity: 0 }])).toMatchObject({ ok: false, message: QUOTE_MESSAGES.emptyOrder });
  });

  it('closes when every line is used', () => {
    expect(fullyUsed([{ quantity: 3, used: 3 }])).toBe(true);
    expect(fullyUsed([{ quantity: 3, used: 3 }, { quantity: 2, used: 1 }])).toBe(false);
    expect(fullyUsed([])).toBe(false);
  });
});

/** A small seeded generator, so a failure prints a seed that replays it. */
function random(seed: number) {
  let s = seed >>> 0;
  return (max: number) => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s % max;
  };
}

describe('property: 1,000 randomized quote-to-order conversions keep their prices and lots', () => {
  it('every order line has its quoted price, takes its held lot first, and no lot goes negative', () => {
    for (let seed = 1; seed <= 1000; seed++) {
      const r = random(seed);
      // A SKU with 1-4 lots; every box is counted: free + held + ordered = what was on the shelf.
      const lots = Array.from({ length: 1 + r(4) }, (_, i) => ({ id: i + 1, lot: `L${i}`, quantity: r(400) }));
      const shelf = lots.reduce((s, l) => s + l.quantity, 0);
      const quantity = 1 + r(200);
      const price = `${1 + r(50)}.${String(r(100)).padStart(2, '0')}`;
      const heldLot = lots[r(lots.length)]!;
      const hold = placeHold(heldLot.quantity, quantity);
      if (hold.ok) heldLot.quantity = hold.left;
      let line: QuoteLineState = { id: 1, productId: 7, quantity, used: 0, price, heldLotId: hold.ok ? heldLot.id : null, held: hold.ok ? quantity : 0 };
      const taken = new Map<number, number>();
      let ordered = 0;
      for (let order = 0; order < 4 && line.used < line.quantity; order++) {
        const want = 1 + r(line.quantity - line.used);
        const drawn = drawDown([line], [{ quoteLineId: 1, quantity: want }]);
        expect(drawn.ok, `seed ${seed}`).toBe(true);
        if (!drawn.ok) break;
        const d = drawn.lines[0]!;
        expect(d.price, `seed ${seed}`).toBe(price);
        expect(d.fromHold + d.fromStock).toBe(want);
        // The held lot first: stock is touched only once the hold is spent.
        if (d.fromStock > 0) expect(line.held - d.fromHold, `seed ${seed}`).toBe(0);
        if (d.fromHold > 0) taken.set(heldLot.id, (taken.get(heldLot.id) ?? 0) + d.fromHold);
        if (d.fromStock > 0) {
          const picks = allocateLine(lots, d.fromStock, false);
          if (!picks.ok) break; // not enough free stock: the order is refused, the quote unchanged
          for (const p of picks.picks) {
            const lot = lots.find((l) => l.id === p.lotId)!;
            lot.quantity -= p.quantity;
            taken.set(p.lotId, (taken.get(p.lotId) ?? 0) + p.quantity);
          }
        }
        ordered += want;
        line = afterDrawDown(line, d);
      }
      expect(lots.every((l) => l.quantity >= 0), `seed ${seed}`).toBe(true);
      expect(line.held >= 0 && line.used <= line.quantity, `seed ${seed}`).toBe(true);
      const free = lots.reduce((s, l) => s + l.quantity, 0);
      expect(free + line.held + ordered, `seed ${seed}`).toBe(shelf);
      expect([...taken.values()].reduce((s, n) => s + n, 0)).toBe(ordered);
      // A held line's first boxes all come from its held lot.
      if (hold.ok) expect(taken.get(heldLot.id) ?? 0, `seed ${seed}`).toBeGreaterThanOrEqual(Math.min(ordered, quantity));
    }
  });
});

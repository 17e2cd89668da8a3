import { describe, expect, it } from 'vitest';
import { allocateLine, describeAllocation, LOT_MESSAGES } from './lots';

const LOTS = [
  { id: 1, lot: 'L2406A', quantity: 55 },
  { id: 2, lot: 'L2406B', quantity: 42 },
  { id: 3, lot: 'L2406C', quantity: 20 },
];

describe('allocateLine', () => {
  it('gives a one-lot line the smallest lot that holds it', () => {
    expect(allocateLine(LOTS, 20, true)).toEqual({ ok: true, picks: [{ lotId: 3, quantity: 20 }] });
    expect(allocateLine(LOTS, 21, true)).toEqual({ ok: true, picks: [{ lotId: 2, quantity: 21 }] });
    expect(allocateLine(LOTS, 55, true)).toEqual({ ok: true, picks: [{ lotId: 1, quantity: 55 }] });
  });

  it('refuses a one-lot line no lot holds, naming the largest', () => {
    expect(allocateLine(LOTS, 56, true)).toEqual({ ok: false, reason: 'no_single_lot', largest: LOTS[0], total: 117 });
    expect(allocateLine([{ id: 1, lot: 'A', quantity: 0 }], 1, true)).toEqual({ ok: false, reason: 'no_single_lot', largest: null, total: 0 });
  });

  it('breaks ties by the older lot', () => {
    const tied = [
      { id: 9, lot: 'B', quantity: 10 },
      { id: 4, lot: 'A', quantity: 10 },
    ];
    expect(allocateLine(tied, 5, true)).toEqual({ ok: true, picks: [{ lotId: 4, quantity: 5 }] });
    expect(allocateLine(tied, 15, false)).toEqual({ ok: true, picks: [{ lotId: 4, quantity: 10 }, { lotId: 9, quantity: 5 }] });
  });

  it('spreads a mixed line over lots largest first, or refuses when all lots together are short', () => {
    expect(allocateLine(LOTS, 100, false)).toEqual({ ok: true, picks: [{ lotId: 1, quantity: 55 }, { lotId: 2, quantity: 42 }, { lotId: 3, quantity: 3 }] });
    expect(allocateLine(LOTS, 117, false)).toMatchObject({ ok: true });
    expect(allocateLine(LOTS, 118, false)).toEqual({ ok: false, reason: 'not_enough', largest: LOTS[0], total: 117 });
  });
});

describe('lot sentences', () => {
  it('words the warning as documented', () => {
    expect(LOT_MESSAGES.noSingleLot(60, { lot: 'L2406A', quantity: 55 })).toBe('No single lot has 60 boxes; the largest is 55 (L2406A). Order 55, or allow mixed lots.');
    expect(LOT_MESSAGES.largestLot(55)).toBe('largest single lot: 55 boxes');
    expect(LOT_MESSAGES.arriving(120, '2026-12-14', 'on_vessel')).toBe('120 boxes arriving about Dec 14 (on vessel)');
    expect(describeAllocation({ lot: 'L1', shade: 'S3', caliber: 'C2', warehouse: 'Main', quantity: 1 })).toBe('L1: 1 box (shade S3, caliber C2, Main)');
  });
});

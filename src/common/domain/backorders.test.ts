import { describe, expect, it } from 'vitest';
import { BACKORDER_MESSAGES, describeBackorder, incomingRoom, splitLine, splitLines, stockArrival, type LoadRoom } from './backorders';

const VESSEL: LoadRoom = { id: 7, eta: '2026-12-20', stage: 'on_vessel', quantity: 100, promised: 0 };
const LATER: LoadRoom = { id: 3, eta: '2027-01-15', stage: 'ordered', quantity: 40, promised: 0 };

describe('splitLine', () => {
  it.each([
    // [case, quantity, in stock, loads, now, later [loadId, boxes][], uncovered]
    ['all from stock', 3, 10, [VESSEL], 3, [], 0],
    ['stock first, the rest from the load', 50, 3, [VESSEL], 3, [[7, 47]], 0],
    ['nothing in stock: all later', 20, 0, [VESSEL], 0, [[7, 20]], 0],
    ['negative stock reads as none', 5, -2, [VESSEL], 0, [[7, 5]], 0],
    ['the soonest load first, then the next', 150, 3, [LATER, VESSEL], 3, [[7, 100], [3, 40]], 7],
    ['a load promised to earlier orders has only its room', 50, 3, [{ ...VESSEL, promised: 90 }, LATER], 3, [[7, 10], [3, 37]], 0],
    ['a load promised past its boxes (a smaller file) has none', 10, 0, [{ ...VESSEL, promised: 120 }], 0, [], 10],
    ['no loads: what stock does not cover stays uncovered', 50, 3, [], 3, [], 47],
    ['exactly the room', 103, 3, [VESSEL], 3, [[7, 100]], 0],
    ['a quantity of 0', 0, 3, [VESSEL], 0, [], 0],
  ] as const)('%s', (_case, quantity, inStock, loads, now, later, uncovered) => {
    const split = splitLine(quantity, inStock, loads);
    expect(split.now).toBe(now);
    expect(split.later.map((l) => [l.loadId, l.quantity])).toEqual(later);
    expect(split.uncovered).toBe(uncovered);
    expect(split.now + split.later.reduce((s, l) => s + l.quantity, 0) + split.uncovered).toBe(quantity);
  });

  it('breaks an ETA tie by the older load', () => {
    const twin = { ...VESSEL, id: 2 };
    expect(splitLine(10, 0, [VESSEL, twin]).later).toEqual([{ loadId: 2, eta: '2026-12-20', stage: 'on_vessel', quantity: 10 }]);
  });

  it('carries the load’s ETA and stage onto the later part', () => {
    expect(splitLine(50, 3, [VESSEL]).later).toEqual([{ loadId: 7, eta: '2026-12-20', stage: 'on_vessel', quantity: 47 }]);
  });
});

describe('splitLines: first placed, first served', () => {
  it('lowers the stock and the room for each later line', () => {
    const [first, second, third] = splitLines([{ quantity: 50 }, { quantity: 60 }, { quantity: 10 }], 3, [VESSEL]);
    expect(first).toMatchObject({ now: 3, uncovered: 0 });
    expect(first!.later.map((l) => l.quantity)).toEqual([47]);
    expect(second).toMatchObject({ now: 0, uncovered: 7 });
    expect(second!.later.map((l) => l.quantity)).toEqual([53]);
    expect(third).toMatchObject({ now: 0, later: [], uncovered: 10 });
  });
});

describe('incomingRoom', () => {
  it('sums each load’s room, never below 0', () => {
    expect(incomingRoom([VESSEL, { ...LATER, promised: 50 }, { ...LATER, promised: 15 }])).toBe(125);
    expect(incomingRoom([])).toBe(0);
  });
});

describe('describeBackorder', () => {
  it('says the split as the buyer reads it', () => {
    expect(describeBackorder(splitLine(50, 3, [VESSEL]))).toBe('3 now, 47 about Dec 20 (on vessel)');
    expect(describeBackorder(splitLine(1500, 0, [{ ...VESSEL, quantity: 1200 }, { ...LATER, quantity: 1000 }]))).toBe('1,200 about Dec 20 (on vessel), 300 about Jan 15 (ordered)');
    expect(BACKORDER_MESSAGES.offered(splitLine(50, 3, [VESSEL]))).toBe('Backordered: 3 now, 47 about Dec 20 (on vessel)');
  });

  it('names the line and what is covered when placing is refused', () => {
    expect(BACKORDER_MESSAGES.notCovered({ productId: 12, productName: 'Slate', quantity: 1500 }, 1200)).toContain('Slate (SKU 12): only 1,200 of 1,500 boxes');
  });
});

describe('stockArrival (docs/decisions/0241)', () => {
  const loads = [
    { id: 2, eta: '2028-01-10', quantity: 50 },
    { id: 1, eta: '2027-12-20', quantity: 10 },
  ];
  const waiting = [
    { id: 11, orderId: 5, quantity: 20, eta: '2028-01-10' },
    { id: 10, orderId: 4, quantity: 10, eta: '2027-12-20' },
    { id: 12, orderId: 3, quantity: 5, eta: '2028-01-10' },
  ];

  it.each([
    // rise, boxes to backorders, fills [id, boxes, rest], loads [id, boxes kept]
    [0, 0, [], []],
    [8, 8, [[10, 8, 2]], [[1, 2]]],
    [15, 15, [[10, 10, 0], [12, 5, 0]], [[1, 0], [2, 45]]],
    [22, 22, [[10, 10, 0], [12, 5, 0], [11, 7, 13]], [[1, 0], [2, 38]]],
    [100, 35, [[10, 10, 0], [12, 5, 0], [11, 20, 0]], [[1, 0], [2, 0]]],
    [-5, 0, [], []],
  ] as const)('a rise of %i sets %i boxes aside, the soonest load and the first placed first', (rise, toBackorders, fills, kept) => {
    const arrival = stockArrival(rise, waiting, loads);
    expect(arrival.toBackorders).toBe(toBackorders);
    expect(arrival.fills.map((f) => [f.id, f.quantity, f.rest])).toEqual(fills);
    expect(arrival.loads.map((l) => [l.id, l.quantity])).toEqual(kept);
  });

  it('fills nothing without waiting promises, and still takes the boxes off the loads', () => {
    expect(stockArrival(5, [], loads)).toEqual({ toBackorders: 0, fills: [], loads: [{ id: 1, quantity: 5 }] });
  });
});

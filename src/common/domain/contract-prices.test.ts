import { describe, expect, it } from 'vitest';
import { describePriceSource, priceLadder, resolvePrice, type PriceCandidate } from './contract-prices';

const TODAY = '2026-12-02';

/** A list entry; everything not given is a plain open-ended company list of priority 0. */
function entry(listCode: string, price: string, over: Partial<PriceCandidate> = {}): PriceCandidate {
  return { listCode, listName: listCode, scope: 'company', priority: 0, validFrom: null, validTo: null, minQuantity: 1, price, ...over };
}
const group = (listCode: string, price: string, over: Partial<PriceCandidate> = {}) => entry(listCode, price, { scope: 'group', ...over });

interface Case {
  name: string;
  base: string | null;
  candidates: PriceCandidate[];
  quantity: number;
  today?: string;
  price: string | null;
  list: string | null;
  min?: number;
}

const contractBreaks = [entry('C26', '8.40'), entry('C26', '7.90', { minQuantity: 100 }), entry('C26', '7.50', { minQuantity: 500 })];
const goldBreaks = [group('GOLD', '9.00'), group('GOLD', '8.00', { minQuantity: 50 })];

const CASES: Case[] = [
  // Base price only.
  { name: 'no lists: base', base: '10.00', candidates: [], quantity: 1, price: '10.00', list: null },
  { name: 'no lists: CALL stays CALL', base: null, candidates: [], quantity: 5, price: null, list: null },
  { name: 'no lists, big quantity: base', base: '10.00', candidates: [], quantity: 10_000, price: '10.00', list: null },
  // One company list.
  { name: 'company list plain price', base: '10.00', candidates: [entry('C26', '8.40')], quantity: 1, price: '8.40', list: 'C26', min: 1 },
  { name: 'company list prices a CALL product', base: null, candidates: [entry('C26', '8.40')], quantity: 3, price: '8.40', list: 'C26' },
  { name: 'list price above base still wins (a contract is a contract)', base: '5.00', candidates: [entry('C26', '6.00')], quantity: 1, price: '6.00', list: 'C26' },
  { name: 'list price of zero is a price', base: '5.00', candidates: [entry('FREE', '0.00')], quantity: 1, price: '0.00', list: 'FREE' },
  // Breaks at their edges.
  { name: 'break: 99 is below 100', base: '10.00', candidates: contractBreaks, quantity: 99, price: '8.40', list: 'C26', min: 1 },
  { name: 'break: exactly 100', base: '10.00', candidates: contractBreaks, quantity: 100, price: '7.90', list: 'C26', min: 100 },
  { name: 'break: 101', base: '10.00', candidates: contractBreaks, quantity: 101, price: '7.90', list: 'C26', min: 100 },
  { name: 'break: 499', base: '10.00', candidates: contractBreaks, quantity: 499, price: '7.90', list: 'C26', min: 100 },
  { name: 'break: exactly 500', base: '10.00', candidates: contractBreaks, quantity: 500, price: '7.50', list: 'C26', min: 500 },
  { name: 'break: far above the last', base: '10.00', candidates: contractBreaks, quantity: 99_999, price: '7.50', list: 'C26', min: 500 },
  { name: 'break: quantity 0 is priced as 1', base: '10.00', candidates: contractBreaks, quantity: 0, price: '8.40', list: 'C26', min: 1 },
  { name: 'break: fractional quantity rounds down', base: '10.00', candidates: contractBreaks, quantity: 99.9, price: '8.40', list: 'C26' },
  { name: 'breaks given in any order', base: '10.00', candidates: [...contractBreaks].reverse(), quantity: 250, price: '7.90', list: 'C26', min: 100 },
  { name: 'list with only a 100+ break: 10 boxes fall to base', base: '10.00', candidates: [entry('BULK', '7.00', { minQuantity: 100 })], quantity: 10, price: '10.00', list: null },
  { name: 'list with only a 100+ break: 100 boxes', base: '10.00', candidates: [entry('BULK', '7.00', { minQuantity: 100 })], quantity: 100, price: '7.00', list: 'BULK', min: 100 },
  { name: 'only a 100+ break on a CALL product: 10 boxes stay CALL', base: null, candidates: [entry('BULK', '7.00', { minQuantity: 100 })], quantity: 10, price: null, list: null },
  // Company over group over base.
  { name: 'company list over group list', base: '10.00', candidates: [group('GOLD', '8.00'), entry('C26', '9.00')], quantity: 1, price: '9.00', list: 'C26' },
  { name: 'group list when the company has none', base: '10.00', candidates: goldBreaks, quantity: 1, price: '9.00', list: 'GOLD', min: 1 },
  { name: 'group list break', base: '10.00', candidates: goldBreaks, quantity: 50, price: '8.00', list: 'GOLD', min: 50 },
  { name: 'company list not reaching the quantity falls to group', base: '10.00', candidates: [entry('BULK', '7.00', { minQuantity: 100 }), ...goldBreaks], quantity: 60, price: '8.00', list: 'GOLD', min: 50 },
  { name: 'company list reaching the quantity beats a cheaper group break', base: '10.00', candidates: [entry('C26', '9.50'), group('GOLD', '6.00')], quantity: 1, price: '9.50', list: 'C26' },
  { name: 'company priority beats group priority however high', base: '10.00', candidates: [entry('C26', '9.50', { priority: -5 }), group('GOLD', '6.00', { priority: 100 })], quantity: 1, price: '9.50', list: 'C26' },
  // Priorities within a scope.
  { name: 'higher company priority first', base: '10.00', candidates: [entry('A', '9.00', { priority: 1 }), entry('B', '9.50', { priority: 2 })], quantity: 1, price: '9.50', list: 'B' },
  { name: 'higher group priority first', base: '10.00', candidates: [group('SILVER', '9.00', { priority: 1 }), group('PROMO', '9.80', { priority: 5 })], quantity: 1, price: '9.80', list: 'PROMO' },
  { name: 'negative priority is lower', base: '10.00', candidates: [entry('A', '9.00', { priority: -1 }), entry('B', '9.50')], quantity: 1, price: '9.50', list: 'B' },
  { name: 'equal priority: lower price wins', base: '10.00', candidates: [entry('A', '9.00'), entry('B', '8.50')], quantity: 1, price: '8.50', list: 'B' },
  { name: 'equal priority and price: lower code wins', base: '10.00', candidates: [entry('B', '8.50'), entry('A', '8.50')], quantity: 1, price: '8.50', list: 'A' },
  { name: 'code comparison ignores case', base: '10.00', candidates: [entry('b', '8.50'), entry('A', '8.50')], quantity: 1, price: '8.50', list: 'A' },
  { name: 'high-priority list without this break falls to the next list', base: '10.00', candidates: [entry('TOP', '7.00', { priority: 9, minQuantity: 200 }), entry('C26', '8.40')], quantity: 150, price: '8.40', list: 'C26' },
  { name: 'high-priority list with the break wins', base: '10.00', candidates: [entry('TOP', '7.00', { priority: 9, minQuantity: 200 }), entry('C26', '6.00')], quantity: 200, price: '7.00', list: 'TOP', min: 200 },
  // Dates.
  { name: 'list not started yet does not apply', base: '10.00', candidates: [entry('NEXT', '8.00', { validFrom: '2026-12-03' })], quantity: 1, price: '10.00', list: null },
  { name: 'list starting today applies', base: '10.00', candidates: [entry('NEXT', '8.00', { validFrom: TODAY })], quantity: 1, price: '8.00', list: 'NEXT' },
  { name: 'list ending today applies', base: '10.00', candidates: [entry('OLD', '8.00', { validTo: TODAY })], quantity: 1, price: '8.00', list: 'OLD' },
  { name: 'list ended yesterday does not apply', base: '10.00', candidates: [entry('OLD', '8.00', { validTo: '2026-12-01' })], quantity: 1, price: '10.00', list: null },
  { name: 'expired company list falls to group list', base: '10.00', candidates: [entry('OLD', '7.00', { validTo: '2026-01-01' }), group('GOLD', '9.00')], quantity: 1, price: '9.00', list: 'GOLD' },
  { name: 'expired list keeps a CALL product CALL', base: null, candidates: [entry('OLD', '7.00', { validTo: '2026-01-01' })], quantity: 1, price: null, list: null },
  { name: 'one-day list on its day', base: '10.00', candidates: [entry('DAY', '5.00', { validFrom: TODAY, validTo: TODAY })], quantity: 1, price: '5.00', list: 'DAY' },
  { name: 'year list in the new year', base: '10.00', candidates: [entry('Y26', '8.00', { validFrom: '2026-01-01', validTo: '2026-12-31' })], quantity: 1, today: '2027-01-01', price: '10.00', list: null },
  { name: 'year list on its last day', base: '10.00', candidates: [entry('Y26', '8.00', { validFrom: '2026-01-01', validTo: '2026-12-31' })], quantity: 1, today: '2026-12-31', price: '8.00', list: 'Y26' },
  { name: 'same code in company and group scope keeps them apart', base: '10.00', candidates: [entry('X', '9.00', { minQuantity: 100 }), group('X', '8.00')], quantity: 10, price: '8.00', list: 'X', min: 1 },
  { name: 'future break-only list does not hide a current list', base: '10.00', candidates: [entry('NEXT', '6.00', { validFrom: '2027-01-01' }), entry('NOW', '8.00')], quantity: 1, price: '8.00', list: 'NOW' },
];

describe('resolvePrice: company list over group list over base, priorities, breaks, dates, CALL', () => {
  it.each(CASES)('$name', (c) => {
    const resolved = resolvePrice({ basePrice: c.base, candidates: c.candidates, quantity: c.quantity, today: c.today ?? TODAY });
    expect(resolved.price).toBe(c.price);
    expect(resolved.basePrice).toBe(c.base);
    expect(resolved.source?.listCode ?? null).toBe(c.list);
    if (c.min !== undefined) expect(resolved.source?.minQuantity).toBe(c.min);
  });

  it('has at least 40 cases', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(40);
  });
});

describe('priceLadder', () => {
  it('lists each step the cart would charge, lowest quantity first', () => {
    const ladder = priceLadder({ basePrice: '10.00', candidates: contractBreaks, today: TODAY });
    expect(ladder.map((s) => [s.fromQuantity, s.price, s.source?.listCode])).toEqual([
      [1, '8.40', 'C26'],
      [100, '7.90', 'C26'],
      [500, '7.50', 'C26'],
    ]);
  });

  it('mixes lists the way the rule does and folds repeats', () => {
    const ladder = priceLadder({ basePrice: '10.00', candidates: [entry('BULK', '7.00', { minQuantity: 100 }), ...goldBreaks], today: TODAY });
    expect(ladder.map((s) => [s.fromQuantity, s.price, s.source?.listCode ?? null])).toEqual([
      [1, '9.00', 'GOLD'],
      [50, '8.00', 'GOLD'],
      [100, '7.00', 'BULK'],
    ]);
  });

  it('is the base price alone without lists', () => {
    expect(priceLadder({ basePrice: null, candidates: [], today: TODAY })).toEqual([{ fromQuantity: 1, price: null, basePrice: null, source: null }]);
  });
});

describe('describePriceSource', () => {
  it('names the list and the break', () => {
    expect(describePriceSource({ listCode: 'C26', listName: 'Contract 2026', minQuantity: 100 })).toBe('Contract 2026, 100+ boxes');
    expect(describePriceSource({ listCode: 'C26', listName: 'Contract 2026', minQuantity: 1 })).toBe('Contract 2026');
    expect(describePriceSource(null)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { diffIncoming, diffLots } from './preview-diff';

const facts = [{ id: 1, name: 'Tile', stockLevel: '10', quantityOnOrder: 0 }];
const lot = (code: string, quantity: number, shade: string | null = null) => ({ productId: 1, lot: code, shade, caliber: null, warehouse: 'Main', quantity });
const load = (quantity: number, eta: string, reference: string | null = null, lotCode: string | null = null) => ({
  productId: 1,
  quantity,
  eta,
  stage: 'ordered' as const,
  lot: lotCode,
  reference,
});

describe('lots preview diff (ADR 0196)', () => {
  it('knows a lot by its code: another code is a removal and an addition, never a change', () => {
    const result = diffLots({ skus: [1], before: [lot('A', 5)], after: [lot('B', 5)], facts });
    expect(result.counts).toMatchObject({ added: 1, changed: 0, removed: 1, unchanged: 0, levelsChanged: 1 });
    expect(result.levels).toEqual([{ sku: 1, name: 'Tile', before: '10', after: '5' }]);
  });

  it('counts a shade change of the same lot as changed, and an equal lot as unchanged', () => {
    const result = diffLots({ skus: [1], before: [lot('A', 5, 'S1'), lot('B', 5)], after: [lot('A', 5, 'S2'), lot('B', 5)], facts });
    expect(result.counts).toMatchObject({ added: 0, changed: 1, removed: 0, unchanged: 1, levelsChanged: 0 });
    expect(result.skus[0]!.changed[0]!.after.shade).toBe('S2');
  });

  it('pairs loads by reference, then by lot, then the one load left on each side (an ETA that moved)', () => {
    const result = diffIncoming({
      skus: [1],
      before: [load(10, '2027-01-01', 'R1'), load(20, '2027-02-01', null, 'L9'), load(30, '2027-03-01')],
      after: [load(11, '2027-01-05', 'R1'), load(20, '2027-02-09', null, 'L9'), load(30, '2027-04-01')],
      facts,
    });
    expect(result.counts).toMatchObject({ added: 0, changed: 3, removed: 0, unchanged: 0 });
    expect(result.levels).toEqual([{ sku: 1, name: 'Tile', before: '0', after: '61' }]);
  });

  it('never pairs two loads with different references', () => {
    const result = diffIncoming({ skus: [1], before: [load(1, '2027-01-01', 'A')], after: [load(1, '2027-01-01', 'B')], facts });
    expect(result.counts).toMatchObject({ added: 1, changed: 0, removed: 1 });
  });

  it('leaves loads without a key unpaired when more than one is left', () => {
    const result = diffIncoming({ skus: [1], before: [load(1, '2027-01-01'), load(2, '2027-01-02')], after: [load(3, '2027-01-03'), load(4, '2027-01-04')], facts });
    expect(result.counts).toMatchObject({ added: 2, changed: 0, removed: 2 });
  });
});

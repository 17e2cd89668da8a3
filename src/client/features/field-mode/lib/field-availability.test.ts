import { describe, expect, it } from 'vitest';
import { availabilityBySku } from './field-availability';

describe('availabilityBySku (docs/decisions/0234)', () => {
  it("answers each SKU's lots and loads as the one-SKU call does, in the server's order", () => {
    const bySku = availabilityBySku({
      lots: [
        { productId: 1, lot: 'L2', shade: 'S1', caliber: null, warehouse: 'Main', quantity: 40 },
        { productId: 1, lot: 'L1', shade: null, caliber: null, warehouse: 'Main', quantity: 5 },
      ],
      incoming: [
        { productId: 1, quantity: 12, eta: '2026-12-20', stage: 'ordered', lot: null },
        { productId: 2, quantity: 120, eta: '2026-12-14', stage: 'on_vessel', lot: 'L9' },
      ],
    });
    expect(bySku.get(1)).toEqual({
      productId: 1,
      onHand: 45,
      largestLot: 40,
      largestLotCode: 'L2',
      lots: [
        { lot: 'L2', shade: 'S1', caliber: null, warehouse: 'Main', quantity: 40 },
        { lot: 'L1', shade: null, caliber: null, warehouse: 'Main', quantity: 5 },
      ],
      moreLots: 0,
      incoming: [{ quantity: 12, eta: '2026-12-20', stage: 'ordered', lot: null, reference: null }],
      moreIncoming: 0,
      nextEta: '2026-12-20',
      notifyRequested: false,
    });
    expect(bySku.get(2)).toMatchObject({ lots: [], largestLot: null, nextEta: '2026-12-14', incoming: [{ quantity: 120, lot: 'L9' }] });
    expect(bySku.has(3)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { STOCK_FABRICATION, STOCK_SPECIAL_ORDER } from '@common/domain/stock-level';
import { backorderOffer } from './backorder-offer';

const vessel = { quantity: 120, eta: '2027-12-20', stage: 'on_vessel' as const };
const later = { quantity: 40, eta: '2028-01-15', stage: 'ordered' as const };

describe('backorderOffer', () => {
  it('offers an out-of-stock SKU with a load due, naming the load\'s date', () => {
    expect(backorderOffer('0', 1, [vessel])).toEqual({ covered: true, text: 'Arrives about Dec 20: order now, ships when it lands' });
    expect(backorderOffer('0', 0, [vessel])).toEqual({ covered: true, text: 'Arrives about Dec 20: order now, ships when it lands' });
  });

  it('says what ships now and what arrives when a short SKU is asked for more than its stock', () => {
    expect(backorderOffer('3', 50, [vessel])?.text).toBe('3 in stock now; the other 47 arrive about Dec 20: order now, they ship when they land');
  });

  it('names the span of dates when the quantity reaches a later load', () => {
    expect(backorderOffer('0', 130, [later, vessel])?.text).toBe('Arrives about Dec 20 to Jan 15: order now, ships when it lands');
  });

  it('says how many can be ordered when the quantity passes the stock and every load', () => {
    expect(backorderOffer('3', 500, [vessel, later])).toEqual({ covered: false, text: 'Only 163 can be ordered: 3 in stock and 160 on incoming loads' });
    expect(backorderOffer('0', 500, [vessel])).toEqual({ covered: false, text: 'Only 120 can be ordered, all from incoming loads' });
  });

  it("plans with each load's room: boxes earlier orders were promised are not offered again", () => {
    expect(backorderOffer('0', 1, [{ ...vessel, room: 0 }])).toBeNull();
    expect(backorderOffer('0', 50, [{ ...vessel, room: 20 }])).toEqual({ covered: false, text: 'Only 20 can be ordered, all from incoming loads' });
    expect(backorderOffer('0', 20, [{ ...vessel, room: 20 }])?.covered).toBe(true);
  });

  it('offers nothing while the stock covers the quantity', () => {
    expect(backorderOffer('3', 3, [vessel])).toBeNull();
    expect(backorderOffer('400', 50, [vessel])).toBeNull();
  });

  it('offers nothing without a load with boxes (Notify me stays)', () => {
    expect(backorderOffer('0', 1, [])).toBeNull();
    expect(backorderOffer('0', 1, [{ ...vessel, quantity: 0 }])).toBeNull();
  });

  it('never offers special order or fabrication SKUs', () => {
    expect(backorderOffer(STOCK_SPECIAL_ORDER, 1, [vessel])).toBeNull();
    expect(backorderOffer(STOCK_FABRICATION, 1, [vessel])).toBeNull();
  });
});

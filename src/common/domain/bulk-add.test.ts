import { describe, expect, it } from 'vitest';
import { BULK_ADD_REASONS, bulkAddSummary, planBulkLine } from './bulk-add';

describe('planBulkLine', () => {
  it('adds what the stock allows as asked', () => {
    expect(planBulkLine({ stockLevel: '20' }, 2, 0)).toEqual({ status: 'added', quantity: 2, reason: null });
    expect(planBulkLine({ stockLevel: '20' }, 2, 18)).toEqual({ status: 'added', quantity: 2, reason: null });
  });

  it('cuts a line down to the stock left and says so', () => {
    expect(planBulkLine({ stockLevel: '1' }, 2, 0)).toEqual({ status: 'capped', quantity: 1, reason: 'Only 1 in stock: added 1 of 2' });
    expect(planBulkLine({ stockLevel: '5' }, 4, 3)).toEqual({
      status: 'capped',
      quantity: 2,
      reason: 'Only 5 in stock (3 already in your PO): added 2 of 4',
    });
  });

  it('skips a line the PO already holds in full', () => {
    expect(planBulkLine({ stockLevel: '3' }, 1, 3)).toEqual({ status: 'skipped', quantity: 0, reason: BULK_ADD_REASONS.full(3) });
  });

  it('skips unknown, out-of-stock and special order products', () => {
    expect(planBulkLine(undefined, 1, 0)).toEqual({ status: 'skipped', quantity: 0, reason: 'No product with this SKU' });
    expect(planBulkLine({ stockLevel: '0' }, 1, 0)).toEqual({ status: 'skipped', quantity: 0, reason: 'Out of stock' });
    expect(planBulkLine({ stockLevel: null }, 1, 0)).toMatchObject({ status: 'skipped', reason: 'Out of stock' });
    expect(planBulkLine({ stockLevel: 'Special Order Only' }, 1, 0)).toMatchObject({ status: 'skipped', reason: 'Special order only' });
  });

  it('adds fabrication items up to the typo guard', () => {
    expect(planBulkLine({ stockLevel: 'Fabrication Required - 2 Week Lead' }, 50, 0)).toEqual({ status: 'added', quantity: 50, reason: null });
    expect(planBulkLine({ stockLevel: 'Fabrication Required - 2 Week Lead' }, 10, 9_995)).toMatchObject({ status: 'capped', quantity: 5 });
  });
});

describe('bulkAddSummary', () => {
  it('says what went in and, with the spec words, what was excluded', () => {
    expect(bulkAddSummary({ count: 19, capped: 0, skipped: 1, outOfStock: 1 }, 'Job 4471')).toBe(
      'Added 19 products to Job 4471. Note that 1 out-of-stock item was excluded.',
    );
    expect(bulkAddSummary({ count: 20, capped: 1, skipped: 2, outOfStock: 0 }, 'PO')).toBe('Added 20 products to PO. 1 was cut to the stock. 2 could not be added.');
    expect(bulkAddSummary({ count: 1, capped: 0, skipped: 0, outOfStock: 0 }, 'PO')).toBe('Added 1 product to PO.');
  });
});

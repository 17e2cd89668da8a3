import { describe, expect, it } from 'vitest';
import { columnPositions, validateMerchandiseRow } from './merchandise-import';

describe('validateMerchandiseRow (spec §5 bulk merchandise import row)', () => {
  it('accepts a full row and applies the spec §9 defaults', () => {
    expect(validateMerchandiseRow({ type: 'Pricelist', code: ' PL-1 ', name: 'Dealer', price: '' })).toEqual({
      ok: true,
      value: { type: 'pricelist', code: 'PL-1', name: 'Dealer', description: null, line: null, category: 'General', handboardType: null, price: '0.00' },
    });
    const board = validateMerchandiseRow({ code: 'HB', name: 'Board' }, 'handboard');
    expect(board.ok && board.value.handboardType).toBe('Handboard');
  });

  it('names every problem of a row', () => {
    expect(validateMerchandiseRow({ type: 'poster', code: '', name: ' ', price: '-1' })).toEqual({
      ok: false,
      messages: [
        'Type must be one of display, label, pricelist, handboard',
        'Code is required',
        'Name is required',
        'Price must be a number of at least 0 with at most 2 decimals',
      ],
    });
  });

  it('takes the sheet type when the type cell is blank, but a written type wins', () => {
    const row = validateMerchandiseRow({ type: 'display', code: 'D', name: 'N' }, 'label');
    expect(row.ok && row.value.type).toBe('display');
  });

  it('refuses overlong cells', () => {
    const row = validateMerchandiseRow({ type: 'label', code: 'x'.repeat(101), name: 'N' });
    expect(row).toEqual({ ok: false, messages: ['code must be at most 100 characters'] });
  });
});

describe('columnPositions', () => {
  it('matches headers case-insensitively, ignoring spaces and unknown columns', () => {
    expect(columnPositions(['Code', 'extra', 'NAME', 'Handboard Type'])).toEqual({ code: 0, name: 2, handboardType: 3 });
  });
});

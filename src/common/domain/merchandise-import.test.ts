import { describe, expect, it } from 'vitest';
import { columnPositions, MERCHANDISE_SHEETS, validateMerchandiseRow } from './merchandise-import';

describe('validateMerchandiseRow (bulk merchandise import row)', () => {
  it('accepts a full row and applies the spec defaults', () => {
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
    expect(validateMerchandiseRow({ type: 'label', code: 'x'.repeat(100), name: 'N' }).ok).toBe(true);
  });

  it('reads prices with a dollar sign and thousands commas, up to 2 decimals and 9 digits', () => {
    const price = (text: string) => {
      const row = validateMerchandiseRow({ type: 'display', code: 'D', name: 'N', price: text });
      return row.ok ? row.value.price : row.messages;
    };
    expect(price('$1,234.5')).toBe('1234.50');
    expect(price('12')).toBe('12.00');
    expect(price('0.99')).toBe('0.99');
    expect(price('123456789')).toBe('123456789.00');
    const bad = ['Price must be a number of at least 0 with at most 2 decimals'];
    for (const text of ['1.999', '1234567890', '1.', '1.x', '12$', 'x12', '1$2', '12 USD']) expect(price(text), text).toEqual(bad);
  });

  it('keeps the optional cells, and gives only price lists a default category and only handboards a default type', () => {
    const full = validateMerchandiseRow({ type: 'handboard', code: 'H', name: 'N', description: ' D ', line: ' L ', category: ' C ', handboardType: ' T ' });
    expect(full).toEqual({
      ok: true,
      value: { type: 'handboard', code: 'H', name: 'N', description: 'D', line: 'L', category: 'C', handboardType: 'T', price: '0.00' },
    });
    const display = validateMerchandiseRow({ type: 'display', code: 'D', name: 'N' });
    expect(display.ok && [display.value.category, display.value.handboardType]).toEqual([null, null]);
  });

  it('has one sheet per type in the workbook', () => {
    expect(MERCHANDISE_SHEETS).toEqual([
      { name: 'displays', type: 'display' },
      { name: 'labels', type: 'label' },
      { name: 'pricelists', type: 'pricelist' },
      { name: 'handboards', type: 'handboard' },
    ]);
  });
});

describe('columnPositions', () => {
  it('matches headers case-insensitively, ignoring spaces and unknown columns', () => {
    expect(columnPositions(['Code', 'extra', 'NAME', 'Handboard Type'])).toEqual({ code: 0, name: 2, handboardType: 3 });
    expect(columnPositions([' code ', 'Name', 'code', 'handboard_type'])).toEqual({ code: 0, name: 1, handboardType: 3 });
  });
});

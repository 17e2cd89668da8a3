import type { NulledField, SchemaError, ValidationIssue } from '@common/contracts/stock';
import { STOCK_FABRICATION, STOCK_SPECIAL_ORDER } from '@common/domain/stock-level';
import { describe, expect, it } from 'vitest';
import { looksLikeFormula, normaliseHeader, type ProblemSink } from '../imports';
import { checkCellCount, isCoverage, readHeader, readStockRow } from './row-rules';

function sink() {
  const found = { errors: [] as SchemaError[], issues: [] as ValidationIssue[], nulled: [] as NulledField[] };
  const problems: ProblemSink = {
    error: (e) => found.errors.push(e),
    issue: (i) => found.issues.push(i),
    nulled: (n) => found.nulled.push(n),
  };
  return { found, problems };
}

/** Reads one row given as { column: value }, with the header those columns make. */
function read(values: Record<string, string>) {
  const header = readHeader(Object.keys(values));
  const { found, problems } = sink();
  const row = readStockRow(Object.values(values), 2, header, problems);
  return { row, ...found };
}

describe('header (docs/product-decisions.md: field names, any case, spaces and underscores ignored)', () => {
  it('normalises header text', () => {
    expect(normaliseHeader(' Stock Level ')).toBe('stocklevel');
    expect(normaliseHeader('price_per_sqft')).toBe('pricepersqft');
    expect(normaliseHeader('\uFEFFid')).toBe('id');
  });
  it('maps every spelling to its field and warns about unknown columns', () => {
    const header = readHeader(['ID', 'Stock Level', 'price_per_sqft', 'SOLDBY', 'Quantity On Order', 'Notes']);
    expect(header.columns).toEqual(['id', 'stockLevel', 'pricePerSqft', 'soldBy', 'quantityOnOrder', null]);
    expect(header.errors).toEqual([]);
    expect(header.issues).toEqual([{ row: 1, issue: 'Unknown column, ignored', field: 'Notes', value: '' }]);
  });
  it('requires an id column', () => {
    expect(readHeader(['name', 'stockLevel']).errors).toEqual([
      { row: 1, message: 'The file needs an id column with the SKU number of each product' },
    ]);
  });
  it('refuses a column given twice', () => {
    expect(readHeader(['id', 'Stock Level', 'stock_level']).errors[0]?.message).toBe('The column stockLevel appears more than once');
  });
  it('recognises a file separated by semicolons or tabs', () => {
    expect(readHeader(['id;name;stockLevel']).errors[0]?.message).toMatch(/separated by commas; this one is separated by semicolons/);
    expect(readHeader(['id\tname']).errors[0]?.message).toMatch(/separated by tabs/);
  });
});

describe('id (numeric, else Invalid SKU number)', () => {
  it.each(['abc', '12.5', '-3', '0', '', '99999999999'])('refuses %j', (id) => {
    const { row, errors } = read({ id, stockLevel: '5' });
    expect(row).toBeNull();
    expect(errors[0]?.message).toMatch(/^Invalid SKU number/);
    expect(errors[0]?.row).toBe(2);
  });
  it('accepts a positive whole number', () => {
    expect(read({ id: '1203' }).row?.id).toBe(1203);
  });
});

describe('stockLevel', () => {
  it('is 0 when blank', () => {
    expect(read({ id: '1', stockLevel: '' }).row?.stockLevel).toBe('0');
  });
  it('keeps whole numbers', () => {
    expect(read({ id: '1', stockLevel: '120' }).row?.stockLevel).toBe('120');
    expect(read({ id: '1', stockLevel: '1,200' }).row?.stockLevel).toBe('1200');
  });
  it('accepts the two stock words in any case and spacing, stored as spelled in the spec', () => {
    expect(read({ id: '1', stockLevel: 'special order only' }).row?.stockLevel).toBe(STOCK_SPECIAL_ORDER);
    expect(read({ id: '1', stockLevel: 'FABRICATION REQUIRED  - 2 WEEK LEAD' }).row?.stockLevel).toBe(STOCK_FABRICATION);
  });
  it('refuses negative stock', () => {
    const { row, errors } = read({ id: '1', stockLevel: '-5' });
    expect(row).toBeNull();
    expect(errors).toEqual([{ row: 2, message: 'Stock level cannot be negative (-5)', sku: '1' }]);
  });
  it('refuses fractions and unknown words', () => {
    expect(read({ id: '1', stockLevel: '2.5' }).errors[0]?.message).toBe('Stock level must be a whole number (2.5)');
    expect(read({ id: '1', stockLevel: 'Backorder' }).errors[0]?.message).toBe(
      `Unknown stock level "Backorder": use a whole number, ${STOCK_SPECIAL_ORDER} or ${STOCK_FABRICATION}`,
    );
  });
});

describe('prices', () => {
  it('price: CALL or blank is empty (CALL), numbers keep 2 decimals', () => {
    expect(read({ id: '1', price: 'CALL' }).row?.price).toBeNull();
    expect(read({ id: '1', price: 'call' }).row?.price).toBeNull();
    expect(read({ id: '1', price: '' }).row?.price).toBeNull();
    expect(read({ id: '1', price: '62.5' }).row?.price).toBe('62.50');
    expect(read({ id: '1', price: '$1,234.50' }).row?.price).toBe('1234.50');
  });
  it('price: an unusable value is emptied and reported as a nulled field', () => {
    const { row, nulled, errors } = read({ id: '1', price: 'about ten' });
    expect(errors).toEqual([]);
    expect(row?.price).toBeNull();
    expect(nulled).toEqual([{ row: 2, field: 'price', originalValue: 'about ten', sku: '1' }]);
    expect(read({ id: '1', price: '-4' }).nulled).toHaveLength(1);
  });
  it('pricePerSqft: CALL is empty, blank is 3.99', () => {
    expect(read({ id: '1', pricePerSqft: 'CALL' }).row?.pricePerSqft).toBeNull();
    expect(read({ id: '1', pricePerSqft: '' }).row?.pricePerSqft).toBe('3.99');
    expect(read({ id: '1' }).row?.pricePerSqft).toBe('3.99');
    expect(read({ id: '1', pricePerSqft: '4.2' }).row?.pricePerSqft).toBe('4.20');
    expect(read({ id: '1', pricePerSqft: 'n/a' }).nulled).toEqual([{ row: 2, field: 'pricePerSqft', originalValue: 'n/a', sku: '1' }]);
  });
});

describe('coverage, soldBy, quantityOnOrder (defaults)', () => {
  it('coverage defaults to 15.5 and accepts square feet or a size containing x', () => {
    expect(read({ id: '1' }).row?.coverage).toBe('15.5');
    expect(read({ id: '1', coverage: '16' }).row?.coverage).toBe('16');
    expect(read({ id: '1', coverage: '12x12' }).row?.coverage).toBe('12x12');
    expect(isCoverage('10 x 11.5')).toBe(true);
    expect(isCoverage('0')).toBe(false);
  });
  it('coverage that is neither is reported and replaced by 15.5', () => {
    const { row, issues } = read({ id: '1', coverage: 'lots' });
    expect(row?.coverage).toBe('15.5');
    expect(issues).toEqual([
      { row: 2, issue: 'coverage "lots" is neither square feet per box nor a size such as 12x12, so 15.5 was used', field: 'coverage', value: 'lots', sku: '1' },
    ]);
  });
  it('soldBy defaults to Box', () => {
    expect(read({ id: '1', soldBy: '' }).row?.soldBy).toBe('Box');
    expect(read({ id: '1', soldBy: 'Each' }).row?.soldBy).toBe('Each');
  });
  it('quantityOnOrder defaults to 0 and must be a whole number of 0 or more', () => {
    expect(read({ id: '1' }).row?.quantityOnOrder).toBe(0);
    expect(read({ id: '1', quantityOnOrder: '40' }).row?.quantityOnOrder).toBe(40);
    expect(read({ id: '1', quantityOnOrder: '-1' }).errors[0]?.message).toBe('Quantity on order must be a whole number of 0 or more (-1)');
    expect(read({ id: '1', quantityOnOrder: 'soon' }).row).toBeNull();
  });
});

describe('text fields', () => {
  it('are trimmed; blank is empty', () => {
    const { row } = read({ id: '1', name: '  Grey Tile ', line: '', color: ' Grey' });
    expect(row).toMatchObject({ name: 'Grey Tile', line: null, color: 'Grey' });
  });
  it('refuse values a spreadsheet would run as a formula', () => {
    const { row, errors } = read({ id: '1', name: "=cmd|' /C calc'!A0" });
    expect(row).toBeNull();
    expect(errors[0]?.message).toBe(`name starts with "=", which a spreadsheet would run as a formula (=cmd|' /C calc'!A0); remove it`);
    expect(looksLikeFormula('+SUM(A1)')).toBe(true);
    expect(looksLikeFormula('@SUM(A1)')).toBe(true);
    expect(looksLikeFormula('-cmd')).toBe(true);
    expect(looksLikeFormula('-5')).toBe(false);
    expect(looksLikeFormula('Matte')).toBe(false);
  });
  it('refuse formulas in number columns too', () => {
    expect(read({ id: '1', stockLevel: '=1+1' }).errors[0]?.message).toMatch(/^stockLevel starts with "="/);
  });
  it('refuse overlong text', () => {
    expect(read({ id: '1', name: 'x'.repeat(301) }).errors[0]?.message).toBe('name is longer than 300 characters');
  });
  it('keep http(s) and site image URLs and empty anything else', () => {
    expect(read({ id: '1', imageUrl: 'https://cdn.example.com/a.jpg' }).row?.imageUrl).toBe('https://cdn.example.com/a.jpg');
    expect(read({ id: '1', imageUrl: '/images/a.jpg' }).row?.imageUrl).toBe('/images/a.jpg');
    const bad = read({ id: '1', imageUrl: 'javascript:alert(1)' });
    expect(bad.row?.imageUrl).toBeNull();
    expect(bad.nulled).toEqual([{ row: 2, field: 'imageUrl', originalValue: 'javascript:alert(1)', sku: '1' }]);
  });
});

describe('cell count', () => {
  it('must match the header, ignoring trailing empty cells', () => {
    expect(checkCellCount(['1', '5'], 2, 3)).toBeNull();
    expect(checkCellCount(['1', '5', '', ''], 2, 3)).toBeNull();
    expect(checkCellCount(['1'], 2, 3)).toEqual({ row: 3, message: 'The row has 1 cell but the header has 2' });
    expect(checkCellCount(['1', '5', 'x'], 2, 3)).toEqual({ row: 3, message: 'The row has 3 cells but the header has 2' });
  });
});

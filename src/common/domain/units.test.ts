import { describe, expect, it } from 'vitest';
import { describeCoverage, describeOnOrder, describeQuantity, parseQuantityInput, sellingUnit } from './units';

describe('selling units (spec §9)', () => {
  it('a unit containing box is a Box, each is a Piece', () => {
    expect(sellingUnit('Box')).toBe('Box');
    expect(sellingUnit('Box of 8')).toBe('Box');
    expect(sellingUnit('each')).toBe('Piece');
    expect(sellingUnit('Each')).toBe('Piece');
    expect(sellingUnit('')).toBe('Box');
  });
  it('shows boxes with square feet (boxes times coverage, 2 decimals)', () => {
    expect(describeQuantity(120, { soldBy: 'Box', coverage: '15.5' })).toEqual({ primary: '120 Boxes', secondary: '1,860.00 sq ft' });
    expect(describeQuantity(1, { soldBy: 'Box', coverage: '16' })).toEqual({ primary: '1 Box', secondary: '16.00 sq ft' });
  });
  it('shows pieces for each-sold items', () => {
    expect(describeQuantity(45, { soldBy: 'Each', coverage: '12x12' })).toEqual({ primary: '45 Pieces', secondary: null });
  });
  it('shows on-order quantities as pieces or square feet', () => {
    expect(describeOnOrder(40, { soldBy: 'Each', coverage: '12x12' })).toBe('40 Pieces');
    expect(describeOnOrder(20, { soldBy: 'Box', coverage: '15.5' })).toBe('310.00 sq ft');
  });
  it('describes coverage per box or per piece', () => {
    expect(describeCoverage({ soldBy: 'Box', coverage: '15.5' })).toBe('15.5 sq ft per box');
    expect(describeCoverage({ soldBy: 'Box', coverage: '16' })).toBe('16 sq ft per box');
    expect(describeCoverage({ soldBy: 'Each', coverage: '12x12' })).toBe('12x12 per piece');
  });
});

describe('quantity input (spec §5)', () => {
  it('turns non-numeric input into 0 and keeps whole numbers', () => {
    expect(parseQuantityInput('abc')).toBe(0);
    expect(parseQuantityInput('')).toBe(0);
    expect(parseQuantityInput('-4')).toBe(0);
    expect(parseQuantityInput('7')).toBe(7);
    expect(parseQuantityInput('7.9')).toBe(7);
  });
});

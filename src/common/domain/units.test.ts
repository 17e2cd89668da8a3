import { describe, expect, it } from 'vitest';
import {
  coverageSqft,
  DEFAULT_COVERAGE,
  DEFAULT_SOLD_BY,
  describeCoverage,
  describeOnOrder,
  describeIncoming,
  describeQuantity,
  isSoldByEach,
  quantityInWords,
  sellingUnit,
} from './units';

describe('selling units', () => {
  it('a unit containing box is a Box, each is a Piece', () => {
    expect(sellingUnit('Box')).toBe('Box');
    expect(sellingUnit('Box of 8')).toBe('Box');
    expect(sellingUnit('each')).toBe('Piece');
    expect(sellingUnit('Each')).toBe('Piece');
    expect(sellingUnit('')).toBe('Box');
    expect(sellingUnit(null)).toBe('Box');
    // A box wins over the pieces in it.
    expect(sellingUnit('Box of 12 pieces')).toBe('Box');
    expect(sellingUnit('Sold each')).toBe('Piece');
  });
  it('defaults to Box with 15.5 sq ft (defaults)', () => {
    expect(DEFAULT_SOLD_BY).toBe('Box');
    expect(DEFAULT_COVERAGE).toBe('15.5');
  });
  it('shows boxes with square feet (boxes times coverage, 2 decimals)', () => {
    expect(describeQuantity(120, { soldBy: 'Box', coverage: '15.5' })).toEqual({ primary: '120 Boxes', secondary: '1,860.00 sq ft' });
    expect(describeQuantity(1, { soldBy: 'Box', coverage: '16' })).toEqual({ primary: '1 Box', secondary: '16.00 sq ft' });
  });
  it('shows pieces for each-sold items', () => {
    expect(describeQuantity(45, { soldBy: 'Each', coverage: '12x12' })).toEqual({ primary: '45 Pieces', secondary: null });
    expect(describeQuantity(1, { soldBy: 'Each', coverage: '12x12' })).toEqual({ primary: '1 Piece', secondary: null });
  });
  it('shows on-order quantities as pieces or square feet', () => {
    expect(describeOnOrder(40, { soldBy: 'Each', coverage: '12x12' })).toBe('40 Pieces');
    expect(describeOnOrder(20, { soldBy: 'Box', coverage: '15.5' })).toBe('310.00 sq ft');
  });
  it('describes coverage per box or per piece', () => {
    // The first coverage written in this file: its formatter is built once, on first use, so this
    // test is the one mutation testing runs against it.
    expect(describeCoverage({ soldBy: 'Box', coverage: '15.555' })).toBe('15.56 sq ft per box');
    expect(describeCoverage({ soldBy: DEFAULT_SOLD_BY, coverage: DEFAULT_COVERAGE })).toBe('15.5 sq ft per box');
    expect(describeCoverage({ soldBy: 'Box', coverage: '15.5' })).toBe('15.5 sq ft per box');
    expect(describeCoverage({ soldBy: 'Box', coverage: '16' })).toBe('16 sq ft per box');
    expect(describeCoverage({ soldBy: 'Each', coverage: '12x12' })).toBe('12x12 per piece');
  });
});

describe('the one sold-by-each rule', () => {
  it('counts pieces for Each, each and Piece, boxes for anything else', () => {
    for (const soldBy of ['Each', 'each', 'Piece', 'piece', ' PIECE ']) expect(isSoldByEach(soldBy)).toBe(true);
    for (const soldBy of ['Box', 'Box of 8', '', null, undefined, 'Sheet']) expect(isSoldByEach(soldBy)).toBe(false);
  });
  it('words the Item Added toast in the product\'s unit: a product sold by Piece is pieces, not boxes', () => {
    expect(quantityInWords(3, 'Piece')).toBe('3 pieces');
    expect(quantityInWords(1, 'Piece')).toBe('1 piece');
    expect(quantityInWords(3, 'Each')).toBe('3 pieces');
    expect(quantityInWords(3, 'Box')).toBe('3 boxes');
    expect(quantityInWords(1, 'Box')).toBe('1 box');
    expect(quantityInWords(1200, null)).toBe('1,200 boxes');
  });
  it('shows a product sold by Piece as Pieces in the cart, with no square feet', () => {
    expect(describeQuantity(3, { soldBy: 'Piece', coverage: '2' })).toEqual({ primary: '3 Pieces', secondary: null });
    expect(describeOnOrder(3, { soldBy: 'Piece', coverage: '2' })).toBe('3 Pieces');
    expect(describeCoverage({ soldBy: 'Piece', coverage: '2' })).toBe('2 sq ft per piece');
  });
});

describe('coverage', () => {
  it('is square feet only for a positive number', () => {
    expect(coverageSqft('15.5')).toBe(15.5);
    expect(coverageSqft(' 16 ')).toBe(16);
    expect(coverageSqft('0')).toBeNull();
    expect(coverageSqft('0.0')).toBeNull();
    expect(coverageSqft('12x12')).toBeNull();
    expect(coverageSqft('1.')).toBeNull();
    expect(coverageSqft('.5')).toBeNull();
    expect(coverageSqft('a16')).toBeNull();
    expect(coverageSqft('16a')).toBeNull();
    expect(coverageSqft('15.55')).toBe(15.55);
    expect(coverageSqft('9'.repeat(400))).toBeNull();
    expect(coverageSqft(null)).toBeNull();
    expect(coverageSqft(undefined)).toBeNull();
  });
  it('shows no square feet for a coverage of 0, and the boxes alone on order', () => {
    expect(describeQuantity(2, { soldBy: 'Box', coverage: '0' })).toEqual({ primary: '2 Boxes', secondary: null });
    expect(describeOnOrder(2, { soldBy: 'Box', coverage: '0' })).toBe('2 Boxes');
    expect(describeOnOrder(1, { soldBy: 'Box', coverage: '12x12' })).toBe('1 Box');
    expect(describeOnOrder(1, { soldBy: 'Each', coverage: '' })).toBe('1 Piece');
  });
  it('says so when no coverage is given', () => {
    expect(describeCoverage({ soldBy: 'Box', coverage: '  ' })).toBe('Not given');
    expect(describeCoverage({ soldBy: 'Box', coverage: ' 12x24 ' })).toBe('12x24 per box');
    expect(describeCoverage({ soldBy: 'Box', coverage: '15.555' })).toBe('15.56 sq ft per box');
  });
});

describe('describeIncoming (docs/decisions/0213: boxes first, sq ft as a help)', () => {
  it('reads "60 boxes arriving" with the square feet beside it', () => {
    expect(describeIncoming(60, { soldBy: 'Box', coverage: '15.5' })).toEqual({ primary: '60 boxes arriving', secondary: '930.00 sq ft' });
    expect(describeIncoming(1, { soldBy: 'Box', coverage: '' })).toEqual({ primary: '1 box arriving', secondary: null });
    expect(describeIncoming(4, { soldBy: 'Each', coverage: '12x12' })).toEqual({ primary: '4 pieces arriving', secondary: null });
  });
});

import { describe, expect, it } from 'vitest';
import { formatCents, formatPrice, fromCents, lineTotalCents, readPrice, toCents } from './money';

describe('formatPrice: the one price formatter (CALL, dollars with 2 decimals, N/A)', () => {
  it.each<[string | number | null | undefined, string]>([
    [null, 'CALL'],
    [undefined, 'CALL'],
    ['CALL', 'CALL'],
    ['call', 'CALL'],
    [' Call ', 'CALL'],
    ['', 'CALL'],
    ['  ', 'CALL'],
    ['62.00', '$62.00'],
    ['12.3', '$12.30'],
    ['1234.5', '$1,234.50'],
    ['1,234.50', '$1,234.50'],
    ['$12', '$12.00'],
    [' 9.99 ', '$9.99'],
    ['0', '$0.00'],
    ['0.005', '$0.01'],
    [3.99, '$3.99'],
    [0, '$0.00'],
    ['-5', 'N/A'],
    [-5, 'N/A'],
    ['abc', 'N/A'],
    ['12.3.4', 'N/A'],
    ['1e3', 'N/A'],
    ['$', 'N/A'],
    ['1,23', 'N/A'],
    [Number.NaN, 'N/A'],
    [Number.POSITIVE_INFINITY, 'N/A'],
  ])('%j is %s', (value, shown) => {
    expect(formatPrice(value)).toBe(shown);
  });
});

describe('money in cents', () => {
  it('reads a price once: call, amount or unusable', () => {
    expect(readPrice('  ')).toEqual({ kind: 'call' });
    expect(readPrice('19.99')).toEqual({ kind: 'amount', cents: 1999 });
    expect(readPrice('-5')).toEqual({ kind: 'unusable' });
    expect(readPrice('12,345.00')).toEqual({ kind: 'amount', cents: 1234500 });
    expect(readPrice('$1,234,567')).toEqual({ kind: 'amount', cents: 123456700 });
    expect(readPrice('1,23')).toEqual({ kind: 'unusable' });
    expect(readPrice('1234,567')).toEqual({ kind: 'unusable' });
  });

  it('adds in cents, and CALL or unusable prices have no cents', () => {
    expect(toCents('0.1')! + toCents('0.2')!).toBe(30);
    expect(toCents('CALL')).toBeNull();
    expect(toCents('-5')).toBeNull();
    expect(fromCents(30)).toBe('0.30');
    expect(fromCents(123450)).toBe('1234.50');
    expect(fromCents(-250)).toBe('-2.50');
    expect(fromCents(0)).toBe('0.00');
    expect(fromCents(-0)).toBe('0.00');
    expect(fromCents(-0.4)).toBe('0.00');
    expect(fromCents(5)).toBe('0.05');
    expect(fromCents(-5)).toBe('-0.05');
    expect(fromCents(99.6)).toBe('1.00');
    expect(lineTotalCents('19.99', 3)).toBe(5997);
    expect(lineTotalCents(null, 3)).toBeNull();
  });

  it('formats sums, a CALL line as CALL', () => {
    expect(formatCents(123450)).toBe('$1,234.50');
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(null)).toBe('CALL');
  });
});

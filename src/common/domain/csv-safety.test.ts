import { describe, expect, it } from 'vitest';
import { neutraliseFormula, safeCell } from './csv-safety';

describe('neutraliseFormula', () => {
  it.each(['=HYPERLINK("http://evil","x")', '+1+2', '-2+3', '@SUM(A1)', '\t=1', '\r=1'])('defuses %j', (cell) => {
    expect(neutraliseFormula(cell)).toBe(`'${cell}`);
  });

  it.each(['sales logged in', 'Viewed /stock', '', '1+1', 'a=b', "'already"])('leaves %j alone', (cell) => {
    expect(neutraliseFormula(cell)).toBe(cell);
  });
});

describe('safeCell', () => {
  it('keeps numbers and booleans, empties null and neutralises text', () => {
    expect(safeCell(42)).toBe(42);
    expect(safeCell(-3)).toBe(-3);
    expect(safeCell(true)).toBe(true);
    expect(safeCell(null)).toBe('');
    expect(safeCell(undefined)).toBe('');
    expect(safeCell('=cmd')).toBe("'=cmd");
  });
});

import { describe, expect, it } from 'vitest';
import { formatCount, formatDecimal, onFirstUse } from './format';

describe('formatCount (en-US thousands, without Intl)', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1,000'],
    [12345, '12,345'],
    [999999, '999,999'],
    [1234567, '1,234,567'],
    [-4321, '-4,321'],
    [2.6, '3'],
  ])('%d is %s, as toLocaleString writes it', (value, text) => {
    expect(formatCount(value)).toBe(text);
    expect(formatCount(value)).toBe(Math.round(value).toLocaleString('en-US'));
  });
});

describe('onFirstUse', () => {
  it('builds once, on the first call', () => {
    let built = 0;
    const get = onFirstUse(() => ({ n: ++built }));
    expect(built).toBe(0);
    expect(get()).toBe(get());
    expect(built).toBe(1);
  });
});

describe('formatDecimal (en-US Intl.NumberFormat without building one, ADR 0200)', () => {
  const formatters = new Map<string, Intl.NumberFormat>();
  const intl = (value: number, min: number, max: number) => {
    const key = `${min}-${max}`;
    let formatter = formatters.get(key);
    if (!formatter) formatters.set(key, (formatter = new Intl.NumberFormat('en-US', { minimumFractionDigits: min, maximumFractionDigits: max })));
    return formatter.format(value);
  };
  const ranges: [number, number][] = [
    [2, 2],
    [0, 2],
    [0, 0],
    [1, 3],
  ];

  it('writes what Intl writes, ties and carries included', () => {
    const values = [
      0, -0, 1, 9.995, 99.995, 999.995, 1.005, 1.015, 1.025, 2.675, 0.125, 0.005, 0.004999, 15.5, 1860, 1234567.891, -1.005, -0.001, -999.995,
      1e-6, 123456789012, 0.1 + 0.2, 5e-7, 1e21, Number.MAX_SAFE_INTEGER, 31.25, 7.5, 12.345,
    ];
    for (const [min, max] of ranges) for (const value of values) expect(formatDecimal(value, min, max), `${value} ${min}-${max}`).toBe(intl(value, min, max));
  });

  it('agrees with Intl on 200,000 quantities times coverages and random amounts', () => {
    const coverages = [15.5, 10.76, 7.75, 13.33, 2.5, 11.625, 21.53];
    for (let quantity = 0; quantity < 5_000; quantity++) {
      for (const coverage of coverages) {
        const value = quantity * coverage;
        expect(formatDecimal(value, 2, 2)).toBe(intl(value, 2, 2));
      }
    }
    let seed = 42;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let i = 0; i < 165_000; i++) {
      const value = Math.round(random() * 10 ** (1 + (i % 9))) / 10 ** (i % 5);
      const [min, max] = ranges[i % ranges.length]!;
      expect(formatDecimal(value, min, max)).toBe(intl(value, min, max));
    }
  });
});

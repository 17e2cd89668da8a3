import { describe, expect, it } from 'vitest';
import { formatCount, onFirstUse } from './format';

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

import { describe, expect, it } from 'vitest';
import { isOneOf } from './one-of';

describe('isOneOf', () => {
  it('is true for a member of the list only, compared exactly', () => {
    const list = ['pickup', 'ship'] as const;
    expect(isOneOf(list, 'ship')).toBe(true);
    expect(isOneOf(list, 'Ship')).toBe(false);
    expect(isOneOf(list, '')).toBe(false);
    expect(isOneOf(list, undefined)).toBe(false);
    expect(isOneOf([] as string[], 'ship')).toBe(false);
  });
});

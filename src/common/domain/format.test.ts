import { describe, expect, it } from 'vitest';
import { formatLastUpdated } from './format';

describe('formatLastUpdated (spec §2 "Mon 3/4, 2:05 PM")', () => {
  it('formats like the spec', () => {
    expect(formatLastUpdated('2024-03-04T14:05:00Z', 'UTC')).toBe('Mon 3/4, 2:05 PM');
  });
  it('says No update history without a date', () => {
    expect(formatLastUpdated(null)).toBe('No update history');
    expect(formatLastUpdated('not a date')).toBe('No update history');
  });
});

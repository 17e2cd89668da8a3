import { describe, expect, it } from 'vitest';
import { displayName } from './display-name';

describe('displayName', () => {
  it('prefers first and last name, then either, then the username', () => {
    expect(displayName({ username: 'mlopez', firstName: 'Maria', lastName: 'Lopez' })).toBe('Maria Lopez');
    expect(displayName({ username: 'mlopez', firstName: 'Maria', lastName: null })).toBe('Maria');
    expect(displayName({ username: 'mlopez', firstName: ' ', lastName: null })).toBe('mlopez');
    expect(displayName({ username: 'mlopez' })).toBe('mlopez');
    expect(displayName({ username: 'mlopez', firstName: ' Maria ', lastName: ' Lopez ' })).toBe('Maria Lopez');
    expect(displayName({ username: 'mlopez', firstName: null, lastName: '  ' })).toBe('mlopez');
  });
});

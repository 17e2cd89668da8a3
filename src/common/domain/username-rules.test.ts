import { describe, expect, it } from 'vitest';
import { normalizeUsername, USERNAME_CHARACTERS_MESSAGE, USERNAME_PATTERN } from './username-rules';

describe('usernames (security review: one visible spelling per name)', () => {
  it('takes letters, digits and . _ - @ only, from the first character to the last', () => {
    for (const name of ['admin', 'm.lopez', 'sales_01', 'a-b', 'me@bold.example']) expect(USERNAME_PATTERN.test(name)).toBe(true);
    for (const name of ['', 'two words', ' admin', 'admin ', 'x!admin', 'admin!', 'аdmin', 'ad\u200bmin', 'ad\nmin']) {
      expect(USERNAME_PATTERN.test(name), JSON.stringify(name)).toBe(false);
    }
    expect(USERNAME_CHARACTERS_MESSAGE).toBe('Username may only contain letters a-z, digits 0-9 and the characters . _ - @');
  });

  it('folds compatibility forms and trims before checking', () => {
    expect(normalizeUsername('ａｄｍｉｎ')).toBe('admin');
    expect(normalizeUsername('  mlopez \t')).toBe('mlopez');
    expect(normalizeUsername('ﬁona')).toBe('fiona');
  });
});

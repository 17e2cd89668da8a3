/**
 * Usernames (security review): NFKC-normalised, then only a clear, visible set of
 * characters, so no zero-width, line-break, right-to-left or look-alike letters
 * (Cyrillic "а" for Latin "a") can make two names that look the same.
 * NFKC folds full-width and compatibility forms ("ａｄｍｉｎ" is "admin").
 */
export const USERNAME_PATTERN = /^[A-Za-z0-9._@-]+$/;
export const USERNAME_CHARACTERS_MESSAGE = 'Username may only contain letters a-z, digits 0-9 and the characters . _ - @';

export function normalizeUsername(raw: string): string {
  return raw.normalize('NFKC').trim();
}

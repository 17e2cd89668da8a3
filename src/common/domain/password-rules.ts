import { z } from '../contracts/zod';

/** "New password" messages, word for word. */
export const PASSWORD_MESSAGES = {
  tooShort: 'Password must be at least 6 characters',
  tooShortOnReset: 'New password must be at least 6 characters long',
  needsCapital: 'Password must contain at least one capital letter',
  mismatch: "Passwords don't match",
  currentRequired: 'Current password is required',
  sameAsCurrent: 'New password must be different from the current password',
  /** Beyond the spec (decisions.md): checked by the server against a list of common passwords. */
  tooCommon: 'This password is too common. Choose another.',
} as const;

export const MIN_PASSWORD_LENGTH = 6;
export const MIN_USERNAME_LENGTH = 3;

/** A new password: at least 6 characters and one capital letter. */
export function newPasswordSchema(tooShortMessage: string = PASSWORD_MESSAGES.tooShort) {
  return z
    .string({ error: tooShortMessage })
    .check(
      z.minLength(MIN_PASSWORD_LENGTH, tooShortMessage),
      z.maxLength(200, 'Password must be at most 200 characters'),
      z.regex(/[A-Z]/, PASSWORD_MESSAGES.needsCapital),
    );
}

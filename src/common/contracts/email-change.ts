import { z } from './zod';
import { EMAIL_PATTERN } from '../domain/email-address';
import { PASSWORD_MESSAGES } from '../domain/password-rules';
import { USER_MESSAGES } from './users';

/** How long the link sent to a new address works (docs/decisions/0203). */
export const EMAIL_CHANGE_HOURS = 24;

export const EMAIL_CHANGE_MESSAGES = {
  emailRequired: 'Enter the new email address',
  sameAsCurrent: 'That is already your email address',
  sent: (email: string) => `We sent a link to ${email}. Your address changes when you open it.`,
  confirmed: (email: string) => `Your email address is now ${email}.`,
  invalidLink: 'This link is not valid. Ask for a new one on your profile (Edit My User Data).',
  usedLink: 'This link has already been used. Your profile shows your current email address.',
  expiredLink: `This link has expired (links work for ${EMAIL_CHANGE_HOURS} hours). Ask for a new one on your profile (Edit My User Data).`,
  cancelled: 'The email change was cancelled. Your address stays as it is.',
  profileEmail: 'Change your email under Email address: it needs your current password and a link sent to the new address.',
} as const;

/** POST /api/user/email-change: the new address and the current password (docs/decisions/0203). */
export const emailChangeBody = z.object({
  email: z.pipe(
    z.string({ error: EMAIL_CHANGE_MESSAGES.emailRequired }).check(
      z.trim(),
      z.minLength(1, EMAIL_CHANGE_MESSAGES.emailRequired),
      z.maxLength(254, USER_MESSAGES.invalidEmail),
    ),
    z.email({ pattern: EMAIL_PATTERN, error: USER_MESSAGES.invalidEmail }),
  ),
  currentPassword: z.string({ error: PASSWORD_MESSAGES.currentRequired }).check(z.minLength(1, PASSWORD_MESSAGES.currentRequired), z.maxLength(200)),
});
export type EmailChangeInput = z.input<typeof emailChangeBody>;
export type EmailChangeBody = z.output<typeof emailChangeBody>;

/** GET /api/user/email-change and the answer of the POST: the change waiting for its link, if any. */
export const emailChangeState = z.object({
  /** The address on the account now: the only one portal mail goes to. */
  email: z.nullable(z.string()),
  pending: z.nullable(z.object({ email: z.string(), expiresAt: z.string() })),
  message: z.optional(z.string()),
});
export type EmailChangeState = z.infer<typeof emailChangeState>;

/** POST /api/user/email-change/confirm: the token from the link. */
export const emailConfirmBody = z.object({
  token: z.string({ error: EMAIL_CHANGE_MESSAGES.invalidLink }).check(
    z.minLength(1, EMAIL_CHANGE_MESSAGES.invalidLink),
    z.maxLength(200, EMAIL_CHANGE_MESSAGES.invalidLink),
  ),
});
export type EmailConfirmBody = z.infer<typeof emailConfirmBody>;

export const emailConfirmResponse = z.object({ message: z.string(), email: z.string() });
export type EmailConfirmResponse = z.infer<typeof emailConfirmResponse>;

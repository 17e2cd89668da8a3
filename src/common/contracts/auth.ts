import { z } from './zod';
import { EMAIL_PATTERN, MAX_EMAIL_LENGTH } from '../domain/email-address';
import { normalizeUsername, USERNAME_CHARACTERS_MESSAGE, USERNAME_PATTERN } from '../domain/username-rules';
import { MIN_USERNAME_LENGTH, PASSWORD_MESSAGES, newPasswordSchema } from '../domain/password-rules';
import { PERMISSIONS, ROLES } from '../domain/permissions';
import { COMPANY_ROLES } from '../domain/companies';

export const actingForView = z.object({ companyId: z.int(), companyName: z.string() });

/** POST /api/session/acting: the company to order for (docs/decisions/0235). */
export const startActingBody = z.object({ companyId: z.int().check(z.positive()) });
export type StartActingBody = z.infer<typeof startActingBody>;

export const roleSchema = z.enum(ROLES, { error: 'Role must be admin, salesperson or bold_customer' });

/** An account as the API shows it (User): never the password hash. */
export const accountView = z.object({
  id: z.int(),
  username: z.string(),
  role: roleSchema,
  firstName: z.nullable(z.string()),
  lastName: z.nullable(z.string()),
  email: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  company: z.nullable(z.string()),
  storeName: z.nullable(z.string()),
  /** The store's street; with city, state, ZIP, contact and phone it is a sample order's ship-to (docs/decisions/0210). */
  storeAddress: z.nullable(z.string()),
  storeCity: z.nullable(z.string()),
  storeState: z.nullable(z.string()),
  storeZip: z.nullable(z.string()),
  storeContactName: z.nullable(z.string()),
  storePhone: z.nullable(z.string()),
  isTemporaryPassword: z.boolean(),
  /** A dealer's company, role in it and per-order spending limit (docs/decisions/0229); null for everyone else. */
  companyId: z.nullable(z.int()),
  companyRole: z.nullable(z.enum(COMPANY_ROLES)),
  spendingLimit: z.nullable(z.string()),
});
export type AccountView = z.infer<typeof accountView>;

/** The signed-in user: the account plus this session's role and its permissions. */
export const currentUser = z.extend(accountView, {
  /** The role chosen for this session (null until chosen; salespeople get theirs at login). */
  activeRole: z.nullable(roleSchema),
  permissions: z.array(z.enum(PERMISSIONS)),
  /**
   * The dealer company this session orders for (docs/decisions/0235): companyId and companyRole are
   * then that company's and buyer, activeRole bold_customer. Absent or null when not acting.
   */
  actingFor: z.optional(z.nullable(actingForView)),
  /** The session orders for a company it may no longer (assignment removed): stop acting to go on. */
  actingLost: z.optional(z.boolean()),
});
export type CurrentUser = z.infer<typeof currentUser>;

/**
 * GET /api/session: who is signed in, or `user: null`, always a 200 (docs/decisions/0212): the
 * browser's "who am I" call, so a signed-out page logs no 401 in the console. GET /api/user keeps
 * the 401 for no user.
 */
export const sessionProbeResponse = z.object({ user: z.nullable(currentUser) });
export type SessionProbeResponse = z.infer<typeof sessionProbeResponse>;

export const loginBody = z.object({
  // Normalised like stored names, so a full-width "ａｄｍｉｎ" signs in as admin; not checked against the set (older names).
  username: z.string().check(z.overwrite(normalizeUsername), z.minLength(1, 'Username is required'), z.maxLength(100)),
  password: z.string().check(z.minLength(1, 'Password is required'), z.maxLength(200)),
  rememberMe: z._default(z.optional(z.boolean()), false),
});
export type LoginBody = z.input<typeof loginBody>;

export const registerBody = z.object({
  username: z
    .string()
    .check(
      z.overwrite(normalizeUsername),
      z.minLength(MIN_USERNAME_LENGTH, 'Username must be at least 3 characters'),
      z.maxLength(100),
      z.regex(USERNAME_PATTERN, USERNAME_CHARACTERS_MESSAGE),
    ),
  password: newPasswordSchema(),
  email: z.nullish(z.email({ pattern: EMAIL_PATTERN, error: 'Invalid email' }).check(z.maxLength(MAX_EMAIL_LENGTH, 'Invalid email'))),
  firstName: z.nullish(z.string().check(z.trim(), z.maxLength(100))),
  lastName: z.nullish(z.string().check(z.trim(), z.maxLength(100))),
  company: z.nullish(z.string().check(z.trim(), z.maxLength(200))),
});
export type RegisterBody = z.input<typeof registerBody>;

/**
 * POST /api/user/password (Change Password) and, with the reset wording,
 * POST /api/password-reset (the forced change). A new password equal to the current
 * one is refused: a forced change that keeps the temporary password changes nothing.
 */
function passwordChangeFields(tooShortMessage: string) {
  return z.object({
    currentPassword: z.string().check(z.minLength(1, PASSWORD_MESSAGES.currentRequired), z.maxLength(200)),
    newPassword: newPasswordSchema(tooShortMessage),
  });
}

function differsFromCurrent() {
  return z.refine<{ currentPassword: string; newPassword: string }>((v) => v.newPassword !== v.currentPassword, {
    message: PASSWORD_MESSAGES.sameAsCurrent,
    path: ['newPassword'],
  });
}

export const passwordChangeBody = passwordChangeFields(PASSWORD_MESSAGES.tooShort).check(differsFromCurrent());
export type PasswordChangeBody = z.infer<typeof passwordChangeBody>;
export const passwordResetBody = passwordChangeFields(PASSWORD_MESSAGES.tooShortOnReset).check(differsFromCurrent());

/** The forms add a confirmation field the server never sees. */
function withConfirmation(tooShortMessage: string) {
  return z.extend(passwordChangeFields(tooShortMessage), { confirmPassword: z.string() }).check(
    differsFromCurrent(),
    z.refine((v) => v.newPassword === v.confirmPassword, { message: PASSWORD_MESSAGES.mismatch, path: ['confirmPassword'] }),
  );
}
export const passwordChangeForm = withConfirmation(PASSWORD_MESSAGES.tooShort);
export const passwordResetForm = withConfirmation(PASSWORD_MESSAGES.tooShortOnReset);
export type PasswordChangeForm = z.infer<typeof passwordChangeForm>;

export const chooseRoleBody = z.object({ role: roleSchema });
export type ChooseRoleBody = z.infer<typeof chooseRoleBody>;

export const messageBody = z.object({ message: z.string() });

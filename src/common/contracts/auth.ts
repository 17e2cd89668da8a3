import { z } from 'zod';
import { normalizeUsername, USERNAME_CHARACTERS_MESSAGE, USERNAME_PATTERN } from '../domain/username-rules';
import { MIN_USERNAME_LENGTH, PASSWORD_MESSAGES, newPasswordSchema } from '../domain/password-rules';
import { PERMISSIONS, ROLES } from '../domain/permissions';
import { lazySchema } from './lazy-schema';

export const roleSchema = lazySchema(() => z.enum(ROLES, { error: 'Role must be admin, salesperson or bold_customer' }));

/** An account as the API shows it (spec §3 User): never the password hash. */
export const accountView = lazySchema(() =>
  z.object({
    id: z.number().int(),
    username: z.string(),
    role: roleSchema,
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    company: z.string().nullable(),
    storeName: z.string().nullable(),
    storeAddress: z.string().nullable(),
    isTemporaryPassword: z.boolean(),
  }),
);
export type AccountView = z.infer<typeof accountView>;

/** The signed-in user: the account plus this session's role and its permissions. */
export const currentUser = lazySchema(() =>
  accountView.extend({
    /** The role chosen for this session (null until chosen; salespeople get theirs at login). */
    activeRole: roleSchema.nullable(),
    permissions: z.array(z.enum(PERMISSIONS)),
  }),
);
export type CurrentUser = z.infer<typeof currentUser>;

export const loginBody = lazySchema(() =>
  z.object({
    // Normalised like stored names, so a full-width "ａｄｍｉｎ" signs in as admin; not checked against the set (older names).
    username: z.string().overwrite(normalizeUsername).min(1, 'Username is required').max(100),
    password: z.string().min(1, 'Password is required').max(200),
    rememberMe: z.boolean().optional().default(false),
  }),
);
export type LoginBody = z.input<typeof loginBody>;

export const registerBody = lazySchema(() =>
  z.object({
    username: z
      .string()
      .overwrite(normalizeUsername)
      .min(MIN_USERNAME_LENGTH, 'Username must be at least 3 characters')
      .max(100)
      .regex(USERNAME_PATTERN, USERNAME_CHARACTERS_MESSAGE),
    password: newPasswordSchema(),
    email: z.email({ error: 'Invalid email' }).nullable().optional(),
    firstName: z.string().trim().max(100).nullable().optional(),
    lastName: z.string().trim().max(100).nullable().optional(),
    company: z.string().trim().max(200).nullable().optional(),
  }),
);
export type RegisterBody = z.input<typeof registerBody>;

/**
 * POST /api/user/password (Change Password) and, with the reset wording of spec §5,
 * POST /api/password-reset (the forced change). A new password equal to the current
 * one is refused: a forced change that keeps the temporary password changes nothing.
 */
function passwordChangeFields(tooShortMessage: string) {
  return z.object({
    currentPassword: z.string().min(1, PASSWORD_MESSAGES.currentRequired).max(200),
    newPassword: newPasswordSchema(tooShortMessage),
  });
}

function differsFromCurrent<T extends z.ZodType<{ currentPassword: string; newPassword: string }>>(schema: T) {
  return schema.refine((v) => v.newPassword !== v.currentPassword, {
    message: PASSWORD_MESSAGES.sameAsCurrent,
    path: ['newPassword'],
  });
}

export const passwordChangeBody = lazySchema(() => differsFromCurrent(passwordChangeFields(PASSWORD_MESSAGES.tooShort)));
export type PasswordChangeBody = z.infer<typeof passwordChangeBody>;
export const passwordResetBody = lazySchema(() => differsFromCurrent(passwordChangeFields(PASSWORD_MESSAGES.tooShortOnReset)));

/** The forms add a confirmation field the server never sees. */
function withConfirmation(tooShortMessage: string) {
  return differsFromCurrent(passwordChangeFields(tooShortMessage).extend({ confirmPassword: z.string() })).refine(
    (v) => v.newPassword === v.confirmPassword,
    { message: PASSWORD_MESSAGES.mismatch, path: ['confirmPassword'] },
  );
}
export const passwordChangeForm = lazySchema(() => withConfirmation(PASSWORD_MESSAGES.tooShort));
export const passwordResetForm = lazySchema(() => withConfirmation(PASSWORD_MESSAGES.tooShortOnReset));
export type PasswordChangeForm = z.infer<typeof passwordChangeForm>;

export const chooseRoleBody = lazySchema(() => z.object({ role: roleSchema }));
export type ChooseRoleBody = z.infer<typeof chooseRoleBody>;

export const messageBody = lazySchema(() => z.object({ message: z.string() }));

import { z } from 'zod';
import { normalizeUsername, USERNAME_CHARACTERS_MESSAGE, USERNAME_PATTERN } from '../domain/username-rules';
import { idSchema } from './common';
import { MIN_USERNAME_LENGTH, newPasswordSchema } from '../domain/password-rules';
import { accountView, roleSchema } from './auth';

/** Spec §5, §8 and the last-admin rules, word for word where the spec gives them. */
export const USER_MESSAGES = {
  usernameRequired: 'Username is required',
  usernameTooShort: 'Username must be at least 3 characters',
  usernameTaken: 'Username already exists',
  invalidEmail: 'Invalid email',
  notFound: 'User not found',
  deleteSelf: 'You cannot delete your own account',
  demoteSelf: 'You cannot change your own role',
  lastAdmin: 'There must always be at least one admin',
  invalidUserId: 'Invalid User ID',
  enterValidUserId: 'Please enter a valid user ID number',
} as const;

/** A blank profile field means "none" (null); an absent one means "leave as it is" (PATCH). */
function blankToNull(value: string | null | undefined): string | null | undefined {
  return value === '' ? null : value;
}

function profileText(label: string, max: number) {
  return z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullable()
    .optional()
    .transform(blankToNull);
}

/** Spec §5: "email valid or null". */
export const optionalEmail = z
  .string()
  .trim()
  .max(254, USER_MESSAGES.invalidEmail)
  .nullable()
  .optional()
  .transform(blankToNull)
  .pipe(z.email({ error: USER_MESSAGES.invalidEmail }).nullable().optional());

/** NFKC, then the allowed set (@common/domain/username-rules). */
export const usernameSchema = z
  .string({ error: USER_MESSAGES.usernameRequired })
  .overwrite(normalizeUsername)
  .min(1, USER_MESSAGES.usernameRequired)
  .min(MIN_USERNAME_LENGTH, USER_MESSAGES.usernameTooShort)
  .max(100, 'Username must be at most 100 characters')
  .regex(USERNAME_PATTERN, USERNAME_CHARACTERS_MESSAGE);

const profileFields = {
  firstName: profileText('First name', 100),
  lastName: profileText('Last name', 100),
  email: optionalEmail,
  phone: profileText('Phone', 50),
  company: profileText('Company', 200),
  storeName: profileText('Store name', 200),
  storeAddress: profileText('Store address', 500),
};

/** A user as the admin screens show it: the account and when it was created. */
export const userView = accountView.extend({ createdAt: z.string() });
export type UserView = z.infer<typeof userView>;
export const usersResponse = z.array(userView);

/**
 * POST /api/users (spec §5 "Create user"). The spec's client sends isTemporaryPassword
 * true; a new account always starts with a temporary password, so nothing else is accepted.
 */
export const createUserBody = z.object({
  username: usernameSchema,
  password: newPasswordSchema(),
  role: roleSchema.default('salesperson'),
  ...profileFields,
  isTemporaryPassword: z.literal(true, { error: 'New users always start with a temporary password' }).optional(),
});
export type CreateUserInput = z.input<typeof createUserBody>;
export type CreateUserBody = z.output<typeof createUserBody>;

/** PATCH /api/users/{id}: the create rules without username and password (spec §5). */
export const updateUserBody = z.object({
  role: roleSchema.optional(),
  ...profileFields,
});
export type UpdateUserInput = z.input<typeof updateUserBody>;
export type UpdateUserBody = z.output<typeof updateUserBody>;

/**
 * PATCH /api/user/profile: a user's own fields (spec §3), the admin's edit rules without
 * the role (issue 12, ADR 0053). Username and role stay the admin's to change.
 */
export const profileBody = updateUserBody.omit({ role: true });
export type ProfileInput = z.input<typeof profileBody>;
export type ProfileBody = z.output<typeof profileBody>;

export const resetPasswordResponse = z.object({
  username: z.string(),
  temporaryPassword: z.string(),
});
export type ResetPasswordResponse = z.infer<typeof resetPasswordResponse>;

/** POST /api/bypass-password-reset/{userId} (spec §7 names it a GET; docs/product-decisions.md makes it a POST). */
export const bypassParams = z.object({
  userId: idSchema(USER_MESSAGES.invalidUserId),
});
export const bypassResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  username: z.string(),
});
export type BypassResponse = z.infer<typeof bypassResponse>;

/** The tool's input (spec §5 "Bypass tool": a number, else "Please enter a valid user ID number"). */
export const bypassForm = z.object({
  userId: z
    .string()
    .trim()
    .regex(/^\d{1,9}$/, USER_MESSAGES.enterValidUserId)
    .refine((v) => Number(v) > 0, USER_MESSAGES.enterValidUserId),
});
export type BypassForm = z.infer<typeof bypassForm>;

/**
 * One row of a bulk user import (spec §5 "Bulk user import row"): username required,
 * a new password, role one of three (default salesperson), email valid, the rest optional.
 */
export const userImportRow = z.object({
  username: usernameSchema,
  password: newPasswordSchema(),
  role: z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    // "BOLD Customer" or "bold-customer" in a spreadsheet mean bold_customer.
    .transform((v) => (v ? v.replace(/[\s-]+/g, '_') : 'salesperson'))
    .pipe(roleSchema),
  ...profileFields,
});
export type UserImportRow = z.output<typeof userImportRow>;

/** The columns a users sheet or CSV may have, as spec §3 names the User fields. */
export const USER_IMPORT_COLUMNS = [
  'username',
  'password',
  'role',
  'firstName',
  'lastName',
  'email',
  'phone',
  'company',
  'storeName',
  'storeAddress',
] as const;
export type UserImportColumn = (typeof USER_IMPORT_COLUMNS)[number];

export const MAX_IMPORT_USERS = 500;

export const userImportResult = z.object({
  created: z.number().int(),
  users: z.array(z.object({ row: z.number().int(), id: z.number().int(), username: z.string(), role: roleSchema })),
});
export type UserImportResult = z.infer<typeof userImportResult>;

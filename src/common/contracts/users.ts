import { z } from './zod';
import { EMAIL_PATTERN } from '../domain/email-address';
import { normalizeUsername, USERNAME_CHARACTERS_MESSAGE, USERNAME_PATTERN } from '../domain/username-rules';
import { idSchema } from './common';
import { MIN_USERNAME_LENGTH, newPasswordSchema } from '../domain/password-rules';
import { accountView, roleSchema } from './auth';
import { storeAddressFields } from './ship-to';

/** And the last-admin rules, word for word where the spec gives them. */
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
  importFailed: 'The import failed and no users were created. Please try again.',
  chooseUser: 'Please choose a user',
} as const;

/** A blank profile field means "none" (null); an absent one means "leave as it is" (PATCH). */
function blankToNull(value: string | null | undefined): string | null | undefined {
  return value === '' ? null : value;
}

function profileText(label: string, max: number) {
  return z.pipe(z.nullish(z.string().check(z.trim(), z.maxLength(max, `${label} must be at most ${max} characters`))), z.transform(blankToNull));
}

/** "email valid or null"; international addresses too (@common/domain/email-address). */
export const optionalEmail = z.pipe(
  z.pipe(z.nullish(z.string().check(z.trim(), z.maxLength(254, USER_MESSAGES.invalidEmail))), z.transform(blankToNull)),
  z.nullish(z.email({ pattern: EMAIL_PATTERN, error: USER_MESSAGES.invalidEmail })),
);

/** NFKC, then the allowed set (@common/domain/username-rules). */
export const usernameSchema = z
  .string({ error: USER_MESSAGES.usernameRequired })
  .check(
    z.overwrite(normalizeUsername),
    z.minLength(1, USER_MESSAGES.usernameRequired),
    z.minLength(MIN_USERNAME_LENGTH, USER_MESSAGES.usernameTooShort),
    z.maxLength(100, 'Username must be at most 100 characters'),
    z.regex(USERNAME_PATTERN, USERNAME_CHARACTERS_MESSAGE),
  );

const profileFields = () => ({
  firstName: profileText('First name', 100),
  lastName: profileText('Last name', 100),
  email: optionalEmail,
  phone: profileText('Phone', 50),
  company: profileText('Company', 200),
  storeName: profileText('Store name', 200),
  /** The street line of the store (docs/decisions/0210); the parts below complete it. */
  storeAddress: profileText('Store address', 500),
  ...storeAddressFields(),
});

/** A user as the admin screens show it: the account, when it was created and last signed in. */
export const userView = z.extend(accountView, { createdAt: z.string(), lastLoginAt: z.nullable(z.string()) });
export type UserView = z.infer<typeof userView>;

/** The columns the users table sorts by. */
export const USER_SORTS = ['username', 'name', 'role', 'created', 'lastLogin'] as const;
export type UserSort = (typeof USER_SORTS)[number];
export const USER_PAGE_SIZES = [25, 50, 100] as const;
const MAX_USER_PAGE_SIZE = 100;
const PAGE_MESSAGE = 'Page must be a whole number from 1';
const PAGE_SIZE_MESSAGE = `Page size must be a whole number from 1 to ${MAX_USER_PAGE_SIZE}`;
export const MAX_USER_SEARCH_LENGTH = 100;

/** "true"/"false" in a query string; anything else is a 400, not a silent false. */
const queryFlag = z.pipe(z.enum(['true', 'false'], { error: 'Must be true or false' }), z.transform((v) => v === 'true'));

/**
 * GET /api/users (ADR 0133): one page of live users, sorted and filtered on the server.
 * The table builds its URL from this schema's input; the route validates with it.
 */
export const usersQuery = z.strictObject({
  page: z._default(
    z.coerce.number({ error: PAGE_MESSAGE }).check(z.int({ error: PAGE_MESSAGE }), z.minimum(1, PAGE_MESSAGE), z.maximum(100_000, PAGE_MESSAGE)),
    1,
  ),
  pageSize: z._default(
    z.coerce
      .number({ error: PAGE_SIZE_MESSAGE })
      .check(z.int({ error: PAGE_SIZE_MESSAGE }), z.minimum(1, PAGE_SIZE_MESSAGE), z.maximum(MAX_USER_PAGE_SIZE, PAGE_SIZE_MESSAGE)),
    25,
  ),
  sort: z._default(z.enum(USER_SORTS, { error: `Sort must be one of ${USER_SORTS.join(', ')}` }), 'username'),
  dir: z._default(z.enum(['asc', 'desc'], { error: 'Direction must be asc or desc' }), 'asc'),
  role: z.optional(roleSchema),
  temporaryPassword: z.optional(queryFlag),
  search: z.optional(
    z.string().check(z.trim(), z.maxLength(MAX_USER_SEARCH_LENGTH, `Search must be at most ${MAX_USER_SEARCH_LENGTH} characters`)),
  ),
});
export type UsersQueryInput = z.input<typeof usersQuery>;
export type UsersQuery = z.output<typeof usersQuery>;

export const usersPage = z.object({
  users: z.array(userView),
  /** Users matching the filters, over every page. */
  total: z.int(),
  page: z.int(),
  pageSize: z.int(),
});
export type UsersPage = z.infer<typeof usersPage>;

/**
 * POST /api/users ("Create user"). The spec's client sends isTemporaryPassword
 * true; a new account always starts with a temporary password, so nothing else is accepted.
 */
export const createUserBody = z.object({
  username: usernameSchema,
  password: newPasswordSchema(),
  role: z._default(roleSchema, 'salesperson'),
  ...profileFields(),
  isTemporaryPassword: z.optional(z.literal(true, { error: 'New users always start with a temporary password' })),
  /**
   * A BOLD Customer's company (docs/decisions/0230); without it, the company whose name matches
   * `company` ignoring case and spaces, else a new company of one. Ignored for other roles.
   */
  companyId: z.optional(idSchema('Company not found')),
});
export type CreateUserInput = z.input<typeof createUserBody>;
export type CreateUserBody = z.output<typeof createUserBody>;

/** PATCH /api/users/{id}: the create rules without username and password. */
export const updateUserBody = z.object({
  role: z.optional(roleSchema),
  ...profileFields(),
});
export type UpdateUserInput = z.input<typeof updateUserBody>;
export type UpdateUserBody = z.output<typeof updateUserBody>;

/**
 * PATCH /api/user/profile: a user's own fields, the admin's edit rules without
 * the role (ADR 0053). Username and role stay the admin's to change.
 */
export const profileBody = z.omit(updateUserBody, { role: true });
export type ProfileInput = z.input<typeof profileBody>;
export type ProfileBody = z.output<typeof profileBody>;

export const resetPasswordResponse = z.object({
  username: z.string(),
  temporaryPassword: z.string(),
});
export type ResetPasswordResponse = z.infer<typeof resetPasswordResponse>;

/** POST /api/bypass-password-reset/{userId} (names it a GET; docs/product-decisions.md makes it a POST). */
export const bypassParams = z.object({
  userId: idSchema(USER_MESSAGES.invalidUserId),
});
export const bypassResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  username: z.string(),
});
export type BypassResponse = z.infer<typeof bypassResponse>;

/**
 * The tool's input: the user picked by username (had the admin type a
 * numeric id). The picker searches GET /api/users and hands over the chosen user's id.
 */
export const bypassForm = z.object({
  userId: z
    .number({ error: USER_MESSAGES.chooseUser })
    .check(z.int({ error: USER_MESSAGES.chooseUser }), z.positive({ error: USER_MESSAGES.chooseUser })),
});
export type BypassForm = z.infer<typeof bypassForm>;

/**
 * One row of a bulk user import ("Bulk user import row"): username required,
 * a new password, role one of three (default salesperson), email valid, the rest optional.
 */
export const userImportRow = z.object({
  username: usernameSchema,
  password: newPasswordSchema(),
  role: z.pipe(
    z.pipe(
      z.optional(z.string().check(z.trim(), z.toLowerCase())),
      // "BOLD Customer" or "bold-customer" in a spreadsheet mean bold_customer.
      z.transform((v) => (v ? v.replace(/[\s-]+/g, '_') : 'salesperson')),
    ),
    roleSchema,
  ),
  ...profileFields(),
});
export type UserImportRow = z.output<typeof userImportRow>;

/** The fields of a user an admin edits (and, but for the role, the user on /profile): one list for the form and the update. */
export const PROFILE_FIELDS = [
  'role',
  'firstName',
  'lastName',
  'email',
  'phone',
  'company',
  'storeName',
  'storeAddress',
  'storeCity',
  'storeState',
  'storeZip',
  'storeContactName',
  'storePhone',
] as const;

/** The columns a users sheet or CSV may have, as the spec names the User fields. */
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
  created: z.int(),
  /** Template example rows (username starting with EXAMPLE) left out; never imported. */
  skippedExamples: z.int(),
  users: z.array(z.object({ row: z.int(), id: z.int(), username: z.string(), role: roleSchema })),
});
export type UserImportResult = z.infer<typeof userImportResult>;

/**
 * POST /api/users/import with `Accept: application/x-ndjson` (ADR 0132): once the file has
 * passed every check, one JSON line per step: progress while passwords are hashed, then the
 * result, or an error when the write itself failed (the import is still all-or-nothing).
 */
export const userImportEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('progress'), done: z.int(), total: z.int() }),
  z.object({ type: z.literal('result'), result: userImportResult }),
  z.object({ type: z.literal('error'), status: z.int(), message: z.string() }),
]);
export type UserImportEvent = z.infer<typeof userImportEvent>;
export const USER_IMPORT_STREAM_TYPE = 'application/x-ndjson';

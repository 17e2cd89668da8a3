import { z } from './zod';
import { idSchema } from './common';
import { COMPANY_ROLES, COMPANY_STATUSES, LOCATION_KINDS } from '../domain/companies';
import { newPasswordSchema } from '../domain/password-rules';
import { shipToAddress, shipToAddressView } from './ship-to';
import { optionalEmail, usernameSchema } from './users';

/*
 * Companies, their locations and buyers (docs/decisions/0229, 0230): the admin screens and the ERP
 * use /api/companies; a dealer reads and (as company admin) manages their own at /api/company.
 */

export const COMPANY_MESSAGES = {
  notFound: 'Company not found',
  locationNotFound: 'Location not found',
  buyerNotFound: 'User not found',
  nameRequired: 'Company name is required',
  accountNumberTaken: 'Another company already has this account number',
  notADealer: 'Only BOLD Customer accounts can be buyers of a company',
  alreadyInCompany: 'This user is already a buyer of this company',
  needsAdmin: 'A company needs at least one company admin',
  noCompany: 'Your account is not part of a company. Please contact us.',
  companyAdminOnly: 'Only a company admin can do that',
  badSpendingLimit: 'Spending limit must be an amount like 1500 or 1500.00',
  chooseUser: 'Please choose a user',
} as const;

const text = (label: string, max: number) => z.string().check(z.trim(), z.maxLength(max, `${label} must be at most ${max} characters`));
/** A blank optional field is "none" (null). */
const optionalText = (label: string, max: number) => z.pipe(z.nullish(text(label, max)), z.transform((v) => (v ? v : v === undefined ? undefined : null)));

const companyName = z
  .string({ error: COMPANY_MESSAGES.nameRequired })
  .check(z.trim(), z.minLength(1, COMPANY_MESSAGES.nameRequired), z.maxLength(200, 'Company name must be at most 200 characters'));

/** Price groups are lower-case codes (normalisePriceGroup); "Gold " is "gold". */
const priceGroup = z.pipe(
  z.nullish(
    z.string().check(
      z.trim(),
      z.toLowerCase(),
      z.maxLength(50, 'Price group must be at most 50 characters'),
      z.regex(/^[a-z0-9_-]*$/, 'Price group may use letters, digits, - and _ only'),
    ),
  ),
  z.transform((v) => (v ? v : v === undefined ? undefined : null)),
);

export const companyStatusSchema = z.enum(COMPANY_STATUSES, { error: 'Status must be active, on_hold or closed' });
export const companyRoleSchema = z.enum(COMPANY_ROLES, { error: 'Role must be admin, buyer or requester' });
export const locationKindSchema = z.enum(LOCATION_KINDS, { error: 'Kind must be ship_to or bill_to' });

/** POST /api/companies */
export const createCompanyBody = z.object({
  name: companyName,
  accountNumber: optionalText('Account number', 50),
  status: z._default(companyStatusSchema, 'active'),
  priceGroup,
  paymentTerms: optionalText('Payment terms', 100),
  notes: optionalText('Notes', 2000),
  /** "Orders placed for us by reps need our confirmation" (docs/decisions/0235). */
  repOrdersNeedConfirmation: z.optional(z.boolean()),
});
export type CreateCompanyInput = z.input<typeof createCompanyBody>;
export type CreateCompanyBody = z.output<typeof createCompanyBody>;

/** PATCH /api/companies/{id}: only the fields sent change. */
export const updateCompanyBody = z.object({
  name: z.optional(companyName),
  accountNumber: optionalText('Account number', 50),
  status: z.optional(companyStatusSchema),
  priceGroup,
  paymentTerms: optionalText('Payment terms', 100),
  notes: optionalText('Notes', 2000),
  repOrdersNeedConfirmation: z.optional(z.boolean()),
});
/** PATCH /api/company: what a company admin sets for their own company (docs/decisions/0235). */
export const updateOwnCompanyBody = z.strictObject({
  repOrdersNeedConfirmation: z.boolean({ error: 'Choose whether orders placed for you by reps need your confirmation' }),
});
export type UpdateOwnCompanyBody = z.infer<typeof updateOwnCompanyBody>;
export type UpdateCompanyInput = z.input<typeof updateCompanyBody>;
export type UpdateCompanyBody = z.output<typeof updateCompanyBody>;

export const companyView = z.object({
  id: z.int(),
  name: z.string(),
  accountNumber: z.nullable(z.string()),
  status: companyStatusSchema,
  priceGroup: z.nullable(z.string()),
  paymentTerms: z.nullable(z.string()),
  notes: z.nullable(z.string()),
  /** Live buyers of every role. */
  buyerCount: z.int(),
  /** Orders placed for it by reps wait for a buyer's confirmation (docs/decisions/0235). */
  repOrdersNeedConfirmation: z.optional(z.boolean()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CompanyView = z.infer<typeof companyView>;

export const MAX_COMPANY_PAGE_SIZE = 100;
const PAGE_MESSAGE = 'Page must be a whole number from 1';
const PAGE_SIZE_MESSAGE = `Page size must be a whole number from 1 to ${MAX_COMPANY_PAGE_SIZE}`;

/** GET /api/companies: search by name or account number, one page at a time, by name. */
export const companiesQuery = z.strictObject({
  search: z.optional(z.string().check(z.trim(), z.maxLength(100, 'Search must be at most 100 characters'))),
  page: z._default(
    z.coerce.number({ error: PAGE_MESSAGE }).check(z.int({ error: PAGE_MESSAGE }), z.minimum(1, PAGE_MESSAGE), z.maximum(100_000, PAGE_MESSAGE)),
    1,
  ),
  pageSize: z._default(
    z.coerce
      .number({ error: PAGE_SIZE_MESSAGE })
      .check(z.int({ error: PAGE_SIZE_MESSAGE }), z.minimum(1, PAGE_SIZE_MESSAGE), z.maximum(MAX_COMPANY_PAGE_SIZE, PAGE_SIZE_MESSAGE)),
    25,
  ),
});
export type CompaniesQueryInput = z.input<typeof companiesQuery>;
export type CompaniesQuery = z.output<typeof companiesQuery>;

export const companiesPage = z.object({
  companies: z.array(companyView),
  total: z.int(),
  page: z.int(),
  pageSize: z.int(),
});
export type CompaniesPage = z.infer<typeof companiesPage>;

/** A location: the ShipToAddress parts (every part required, as at checkout), its kind, and whether it is the default. */
export const locationBody = z.extend(shipToAddress, {
  kind: z._default(locationKindSchema, 'ship_to'),
  isDefault: z._default(z.boolean(), false),
});
export type LocationInput = z.input<typeof locationBody>;
export type LocationBody = z.output<typeof locationBody>;

/** PATCH of a location: the whole location as the form shows it (kind and isDefault as sent, defaults as on create). */
export const updateLocationBody = locationBody;
export type UpdateLocationBody = LocationBody;

export const locationView = z.extend(shipToAddressView, {
  id: z.int(),
  companyId: z.int(),
  kind: locationKindSchema,
  isDefault: z.boolean(),
});
export type LocationView = z.infer<typeof locationView>;

export const locationsResponse = z.object({ locations: z.array(locationView) });

export const locationParams = z.object({ id: idSchema(), locationId: idSchema('Invalid location id') });
export const ownLocationParams = z.object({ locationId: idSchema('Invalid location id') });
export const buyerParams = z.object({ id: idSchema(), userId: idSchema('Invalid User ID') });
export const ownBuyerParams = z.object({ userId: idSchema('Invalid User ID') });

/** "1500", "1500.5", "1500.00" or a number; null clears the limit. */
const spendingLimit = z.nullable(
  z.pipe(
    z.union([z.number(), z.string()], { error: COMPANY_MESSAGES.badSpendingLimit }),
    z.pipe(
      z.transform((v: number | string) => String(v).trim()),
      z.string().check(z.regex(/^\d{1,12}(\.\d{1,2})?$/, COMPANY_MESSAGES.badSpendingLimit)),
    ),
  ),
);

export const buyerView = z.object({
  id: z.int(),
  username: z.string(),
  firstName: z.nullable(z.string()),
  lastName: z.nullable(z.string()),
  email: z.nullable(z.string()),
  companyRole: companyRoleSchema,
  /** Per-order limit in dollars ("1500.00"); null is no limit. */
  spendingLimit: z.nullable(z.string()),
  lastLoginAt: z.nullable(z.string()),
});
export type BuyerView = z.infer<typeof buyerView>;

/** GET /api/companies/{id}: the company, its locations and its buyers. */
export const companyDetail = z.object({
  company: companyView,
  locations: z.array(locationView),
  buyers: z.array(buyerView),
});
export type CompanyDetail = z.infer<typeof companyDetail>;

/** GET /api/company: the signed-in dealer's company; buyers only for a company admin (null otherwise). */
export const ownCompany = z.object({
  company: companyView,
  locations: z.array(locationView),
  buyers: z.nullable(z.array(buyerView)),
  /** The caller's role in it. */
  companyRole: companyRoleSchema,
});
export type OwnCompany = z.infer<typeof ownCompany>;

/** POST /api/companies/{id}/buyers: an existing BOLD Customer joins (or moves to) this company. */
export const addBuyerBody = z.object({
  userId: z.int({ error: COMPANY_MESSAGES.chooseUser }).check(z.positive({ error: COMPANY_MESSAGES.chooseUser })),
  companyRole: z._default(companyRoleSchema, 'buyer'),
});
export type AddBuyerInput = z.input<typeof addBuyerBody>;

/** POST .../buyers/new: a new BOLD Customer account in this company, with a temporary password (as Create User). */
export const newBuyerBody = z.object({
  username: usernameSchema,
  password: newPasswordSchema(),
  firstName: optionalText('First name', 100),
  lastName: optionalText('Last name', 100),
  email: optionalEmail,
  companyRole: z._default(companyRoleSchema, 'buyer'),
  spendingLimit: z.optional(spendingLimit),
});
export type NewBuyerInput = z.input<typeof newBuyerBody>;
export type NewBuyerBody = z.output<typeof newBuyerBody>;

/** PATCH .../buyers/{userId}: the role in the company, the spending limit (null clears it). */
export const updateBuyerBody = z.object({
  companyRole: z.optional(companyRoleSchema),
  spendingLimit: z.optional(spendingLimit),
});
export type UpdateBuyerInput = z.input<typeof updateBuyerBody>;
export type UpdateBuyerBody = z.output<typeof updateBuyerBody>;

/** DELETE .../buyers/{userId}: the buyer now has a company of their own (docs/decisions/0230). */
export const movedOutResponse = z.object({ userId: z.int(), companyId: z.int() });
export type MovedOutResponse = z.infer<typeof movedOutResponse>;

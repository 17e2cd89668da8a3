import { z } from './zod';
import { isPhoneNumber, SHIP_TO_MESSAGES, US_STATE_CODES, ZIP_PATTERN } from '../domain/ship-to';

/*
 * One set of rules for a store's or an order's address (docs/decisions/0210-sample-orders-ship-to-the-store.md):
 * the profile (every part optional, a blank clears it) and the ship-to of a shipped sample order
 * (every part but the suite required) check each part the same way.
 */

const text = (max: number, label: string) => z.string().check(z.trim(), z.maxLength(max, `${label} must be at most ${max} characters`));
const required = (max: number, label: string, message: string) => text(max, label).check(z.minLength(1, message));

const stateCode = () =>
  z.string().check(
    z.trim(),
    z.toUpperCase(),
    z.refine((v) => v === '' || US_STATE_CODES.has(v), SHIP_TO_MESSAGES.badState),
  );
const zipCode = () => z.string().check(z.trim(), z.refine((v) => v === '' || ZIP_PATTERN.test(v), SHIP_TO_MESSAGES.badZip));
const phoneNumber = () => z.string().check(z.trim(), z.maxLength(50, SHIP_TO_MESSAGES.badPhone), z.refine((v) => v === '' || isPhoneNumber(v), SHIP_TO_MESSAGES.badPhone));

/** The parts of an address and their limits, shared by the profile and the ship-to. */
export const ADDRESS_LIMITS = { name: 200, contactName: 100, street: 200, street2: 100, city: 100 } as const;

/**
 * A ship-to address (POST /api/orders `shipToAddress`, the order's `shipToAddress`). The checkout's
 * form uses it as its check, so the screen and the server say the same thing.
 */
export const shipToAddress = z.object({
  name: required(ADDRESS_LIMITS.name, 'Store or company', SHIP_TO_MESSAGES.name),
  contactName: required(ADDRESS_LIMITS.contactName, 'Contact name', SHIP_TO_MESSAGES.contactName),
  phone: phoneNumber().check(z.minLength(1, SHIP_TO_MESSAGES.phone)),
  street: required(ADDRESS_LIMITS.street, 'Street address', SHIP_TO_MESSAGES.street),
  street2: z.pipe(z.nullish(text(ADDRESS_LIMITS.street2, 'Suite or unit')), z.transform((v) => v || null)),
  city: required(ADDRESS_LIMITS.city, 'City', SHIP_TO_MESSAGES.city),
  state: stateCode().check(z.minLength(1, SHIP_TO_MESSAGES.state)),
  zip: zipCode().check(z.minLength(1, SHIP_TO_MESSAGES.zip)),
});
export type ShipToAddressInput = z.input<typeof shipToAddress>;

/** The ship-to as an order shows it (answers, webhooks): the parts as placed. */
export const shipToAddressView = z.object({
  name: z.string(),
  contactName: z.string(),
  phone: z.string(),
  street: z.string(),
  street2: z.nullable(z.string()),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
});

/** A blank profile field means "none" (null); an absent one means "leave as it is" (PATCH). */
function blankToNull(value: string | null | undefined): string | null | undefined {
  return value === '' ? null : value;
}
const optionalPart = (schema: z.ZodMiniString<string>) => z.pipe(z.nullish(schema), z.transform(blankToNull));

/** The store's address parts of a profile (users contract), each optional, checked as the ship-to checks them. */
export const storeAddressFields = () => ({
  storeCity: optionalPart(text(ADDRESS_LIMITS.city, 'City')),
  storeState: optionalPart(stateCode()),
  storeZip: optionalPart(zipCode()),
  storeContactName: optionalPart(text(ADDRESS_LIMITS.contactName, 'Contact name')),
  storePhone: optionalPart(phoneNumber()),
});

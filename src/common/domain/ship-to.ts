import { displayName } from './display-name';

/*
 * Where a shipped sample order goes (docs/decisions/0210-sample-orders-ship-to-the-store.md): the
 * rep's store from the profile, editable at checkout, copied onto the order when it is placed.
 * US addresses: the business ships within the US (its holidays and dates are US ones).
 */

/** A ship-to address as the order keeps it. `street2` (suite, unit) is the only optional part. */
export interface ShipToAddress {
  name: string;
  contactName: string;
  phone: string;
  street: string;
  street2: string | null;
  city: string;
  state: string;
  zip: string;
}

export const SHIP_TO_FIELDS = ['name', 'contactName', 'phone', 'street', 'street2', 'city', 'state', 'zip'] as const;
export type ShipToField = (typeof SHIP_TO_FIELDS)[number];

/** The labels the checkout shows and the messages name. */
export const SHIP_TO_LABELS: Record<ShipToField, string> = {
  name: 'Store or company',
  contactName: 'Contact name',
  phone: 'Phone',
  street: 'Street address',
  street2: 'Suite or unit (optional)',
  city: 'City',
  state: 'State',
  zip: 'ZIP code',
};

export const SHIP_TO_MESSAGES = {
  name: 'Enter the store or company name',
  contactName: 'Enter a contact name',
  phone: 'Enter a phone number',
  street: 'Enter the street address',
  city: 'Enter the city',
  state: 'Enter the state',
  zip: 'Enter the ZIP code',
  badState: 'State must be a two-letter US state code, like CA',
  badZip: 'ZIP code must be 5 digits, or ZIP+4 like 92626-1234',
  badPhone: 'Phone must have 10 to 15 digits, like 714-555-0142',
  /** A Ship sample order with no address in the body and an incomplete one in the profile. */
  missing: 'A shipped sample order needs a ship-to address: store, contact, phone, street, city, state and ZIP code',
  /** shipTo (free text) is the dealer's; a sample order's address comes in parts. */
  textNotForSamples: 'A sample order takes its ship-to as shipToAddress (store, contact, phone, street, city, state and ZIP code)',
  /** Shown where an order was shipped before ship-to addresses were recorded. */
  noneRecorded: 'No ship-to recorded',
} as const;

/** USPS codes: the 50 states, DC, and the territories and military post offices USPS delivers to. */
export const US_STATE_CODES = new Set(
  (
    'AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY ' +
    'DC PR VI GU AS MP AA AE AP'
  ).split(' '),
);

export const ZIP_PATTERN = /^\d{5}(-\d{4})?$/;

/** 10 to 15 digits, written with the usual separators (spaces, dots, dashes, brackets, +) and an optional extension. */
export function isPhoneNumber(value: string): boolean {
  const [main, ...extension] = value.split(/\s*(?:x|ext\.?)\s*/i);
  if (extension.length > 1 || (extension.length === 1 && !/^\d{1,6}$/.test(extension[0]!))) return false;
  if (!/^[\d\s().+-]+$/.test(main ?? '')) return false;
  const digits = (main ?? '').replace(/\D/g, '').length;
  return digits >= 10 && digits <= 15;
}

/** The lines of an address as a label shows them: name, attention, street, suite, "City, ST ZIP", phone. */
export function shipToLines(address: ShipToAddress): string[] {
  const place = [address.city, [address.state, address.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [
    address.name,
    address.contactName ? `Attn: ${address.contactName}` : '',
    address.street,
    address.street2 ?? '',
    place,
    address.phone ? `Phone: ${address.phone}` : '',
  ].filter((line) => line.trim() !== '');
}

/** The address as one block of text: the order's `shipTo`, the email and the export's "Ship To" column. */
export function formatShipTo(address: ShipToAddress): string {
  return shipToLines(address).join('\n');
}

/** The store fields of a profile (storeName, storeAddress, and the parts migration 0022 added). */
export interface StoreProfile {
  username: string;
  firstName?: string | null;
  lastName?: string | null;
  phone?: string | null;
  storeName: string | null;
  storeAddress: string | null;
  storeCity: string | null;
  storeState: string | null;
  storeZip: string | null;
  storeContactName: string | null;
  storePhone: string | null;
}

/**
 * What the checkout starts from: the store in the profile; contact and phone fall back to the
 * rep's own name and phone, who is usually the one the carrier calls.
 */
export function profileShipTo(user: StoreProfile): ShipToAddress {
  const ownName = user.firstName?.trim() || user.lastName?.trim() ? displayName(user) : '';
  return {
    name: user.storeName?.trim() ?? '',
    contactName: user.storeContactName?.trim() || ownName,
    phone: user.storePhone?.trim() || user.phone?.trim() || '',
    street: user.storeAddress?.trim() ?? '',
    street2: null,
    city: user.storeCity?.trim() ?? '',
    state: user.storeState?.trim() ?? '',
    zip: user.storeZip?.trim() ?? '',
  };
}

/** The profile's store as one block (a dealer's ship-to default, ADR 0192): only the parts it has. */
export function formatStoreAddress(user: Omit<StoreProfile, 'username'>): string | null {
  const text = formatShipTo({
    name: user.storeName?.trim() ?? '',
    contactName: user.storeContactName?.trim() ?? '',
    phone: user.storePhone?.trim() ?? '',
    street: user.storeAddress?.trim() ?? '',
    street2: null,
    city: user.storeCity?.trim() ?? '',
    state: user.storeState?.trim() ?? '',
    zip: user.storeZip?.trim() ?? '',
  });
  // A store name alone is no address.
  return user.storeAddress?.trim() ? text : null;
}

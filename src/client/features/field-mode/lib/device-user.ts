import type { CurrentUser } from '@common/contracts/auth';
import type { Product } from '@common/contracts/products';

/**
 * The rep whose field data this device holds (docs/decisions/0227), kept in localStorage so the
 * portal can start offline without waiting for IndexedDB: the server's page is not there to say
 * who is signed in. Only salespeople get field mode; nothing is kept for dealers or admins.
 */
const KEY = 'bold-field-user';
/** The catalogue's first page of rows, for an offline start (docs/decisions/0234). */
const HEAD_KEY = 'bold-field-head';
/**
 * How many products the head keeps: the stock table's first screen at any height, in the order
 * the page shows them unfiltered (by SKU, as the catalogue is kept), with room for a few filtered.
 */
export const CATALOGUE_HEAD_SIZE = 120;

export function isFieldUser(user: CurrentUser | null | undefined): user is CurrentUser {
  return user?.activeRole === 'salesperson';
}

export function deviceUser(): CurrentUser | null {
  try {
    const text = globalThis.localStorage?.getItem(KEY);
    return text ? (JSON.parse(text) as CurrentUser) : null;
  } catch {
    return null;
  }
}

export function rememberDeviceUser(user: CurrentUser): void {
  try {
    globalThis.localStorage?.setItem(KEY, JSON.stringify(user));
  } catch {
    // Private mode or a full disk: field mode then needs the network to start.
  }
}

export function forgetDeviceUser(): void {
  try {
    globalThis.localStorage?.removeItem(KEY);
    globalThis.localStorage?.removeItem(HEAD_KEY);
  } catch {
    // nothing kept
  }
}

/**
 * The first rows of the rep's catalogue, kept beside the whole copy in IndexedDB (docs/decisions/0234):
 * read synchronously when the portal starts offline, so /stock paints its first rows before Dexie's
 * code has loaded and the 50,000 products have been read and decoded.
 */
export function rememberCatalogueHead(userId: number, products: readonly Product[]): void {
  try {
    globalThis.localStorage?.setItem(HEAD_KEY, JSON.stringify({ userId, total: products.length, products: products.slice(0, CATALOGUE_HEAD_SIZE) }));
  } catch {
    // A full disk: the offline start then waits for the whole copy.
  }
}

export function catalogueHead(userId: number): { products: Product[]; total: number } | undefined {
  try {
    const text = globalThis.localStorage?.getItem(HEAD_KEY);
    const head = text ? (JSON.parse(text) as { userId: number; total: number; products: Product[] }) : undefined;
    return head?.userId === userId && head.products.length > 0 ? { products: head.products, total: head.total } : undefined;
  } catch {
    return undefined;
  }
}

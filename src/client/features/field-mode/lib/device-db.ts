import Dexie, { type Table } from 'dexie';
import type { CartProduct } from '@common/contracts/carts';
import type { MerchandiseType } from '@common/domain/cart-rules';
import type { ReadableCatalogueColumns } from '@common/domain/catalogue-columns';

/**
 * The rep's field data in IndexedDB through Dexie (docs/decisions/0227), loaded only for salespeople
 * (this module is imported dynamically). `kv` holds the catalogue and the saved answers of the
 * screens that work offline; `outbox` the writes made offline, in order.
 */
export const DEVICE_DB_NAME = 'bold-field';

export interface StoredCatalogue {
  userId: number;
  /** The catalogue as GET /api/products/columns sends it, number columns packed (ADR 0198). */
  columns: ReadableCatalogueColumns;
  /** Pass as `since` to GET /api/products/changes. */
  until: string;
  /** When this device last brought it up to date (ms since the epoch, the device's clock). */
  asOf: number;
}

export interface StoredQuery {
  key: string;
  queryKey: readonly unknown[];
  data: unknown;
  updatedAt: number;
}

/** merch: a merchandise quantity (+1 / -1 as `delta`, a typed number as `quantity`), docs/decisions/0234. */
export type OutboxKind = 'add' | 'set' | 'remove' | 'place' | 'merch';

/** One write made on the device, sent with its own Idempotency-Key (docs/decisions/0228). */
export interface OutboxOp {
  seq?: number;
  userId: number;
  kind: OutboxKind;
  /** The Idempotency-Key every attempt of this write carries. */
  key: string;
  productId?: number;
  productName?: string;
  /** What a line added on the device shows on /cart until the server has it (docs/decisions/0239). */
  product?: CartProduct;
  quantity?: number;
  /** merch: the merchandise type and codes, and the change (`delta`) when it is not a `quantity`. */
  merchType?: MerchandiseType;
  codes?: string[];
  delta?: number;
  /** The sample order's requested date (place). */
  requestedDate?: string;
  notes?: string;
  /** The order body as first sent, sent the same on every replay so the server can answer it again. */
  body?: unknown;
  /** waiting: not accepted yet; review: the server refused it, the rep decides. */
  status: 'waiting' | 'review';
  /** The server's reason, for review. */
  message?: string;
  createdAt: number;
}

export interface SentOrder {
  id: number;
  name: string;
  at: number;
}

class DeviceDb extends Dexie {
  kv!: Table<{ key: string; value: unknown }, string>;
  outbox!: Table<OutboxOp, number>;

  constructor() {
    super(DEVICE_DB_NAME);
    this.version(1).stores({ kv: 'key', outbox: '++seq, status' });
  }
}

let db: DeviceDb | undefined;

export function deviceDb(): DeviceDb {
  return (db ??= new DeviceDb());
}

export async function readKv<T>(key: string): Promise<T | undefined> {
  return (await deviceDb().kv.get(key))?.value as T | undefined;
}

export async function writeKv(key: string, value: unknown): Promise<void> {
  await deviceDb().kv.put({ key, value });
}

/** Signing out or a session that ends: everything field mode kept on the device goes (docs/decisions/0227). */
export async function deleteDeviceDb(): Promise<void> {
  db?.close();
  db = undefined;
  await Dexie.delete(DEVICE_DB_NAME);
}

import { WEBHOOK_TEST_EVENT, type WebhookEvent } from './integrations';
import { companyView, locationView } from './companies';
import { orderStatusSchema, orderView } from './orders';
import { quoteView } from './quotes';
import { z } from './zod';

/**
 * Every webhook event's payload, in one place (ADR 0184): the publishers are typed by it, the
 * tests check real deliveries against it, and the OpenAPI document lists it under `webhooks`.
 * A delivery's body is `webhookEnvelope(type)`: `{ id, type, timestamp, createdAt, data }`.
 */

/**
 * How many SKUs one event lists. A stock upload of 10,000 rows is one event per endpoint, not
 * 10,000: it lists the first 1,000 changed SKUs (by SKU), says how many changed in all, and sets
 * `truncated`; the receiver reads the rest from the catalogue (`GET /api/products?updatedSince=`).
 */
export const WEBHOOK_EVENT_SKU_LIMIT = 1000;

/** A list capped for an event: the first `limit` entries, the full count, and whether some were left out. */
export function cappedForEvent<T>(all: readonly T[], limit = WEBHOOK_EVENT_SKU_LIMIT): { list: T[]; count: number; truncated: boolean } {
  return { list: all.slice(0, limit), count: all.length, truncated: all.length > limit };
}

const sku = z.int();

/** What every change event that lists SKUs says about the list. */
const changeFields = {
  /** When the change was committed; every product it changed has this `updatedAt`. */
  changedAt: z.string(),
  /** How many SKUs the change touched, listed or not. */
  count: z.int(),
  /** True when more SKUs changed than the event lists (WEBHOOK_EVENT_SKU_LIMIT). */
  truncated: z.boolean(),
};

export const stockUpdatedData = z.object({
  /** `csv`: a stock upload (browser or API); `api`: PATCH /api/stock; `lots`: a lots upload or PUT /api/stock/lots (the level is the sum of the lots). */
  source: z.enum(['csv', 'api', 'lots']),
  ...changeFields,
  /** The SKUs whose stock level changed (new products included), with the new level, by SKU. */
  items: z.array(z.object({ sku, stockLevel: z.string() })),
  /** A stock upload's file name and mode, and its counts as the upload answered them. */
  filename: z.optional(z.string()),
  mode: z.optional(z.enum(['keep', 'replace'])),
  rows: z.optional(z.int()),
  created: z.optional(z.int()),
  updated: z.optional(z.int()),
  unchanged: z.optional(z.int()),
  removed: z.optional(z.int()),
  missing: z.optional(z.int()),
  cartLinesRemoved: z.optional(z.int()),
  /** Kept from the first release of this event; the same SKUs are `removed` entries of product.updated. */
  removedSkus: z.optional(z.array(sku)),
});

export const productUpdatedData = z.object({
  /** `csv`: a stock upload; `incoming`: an incoming-loads upload or PUT /api/stock/incoming (quantityOnOrder). */
  source: z.enum(['csv', 'incoming']),
  filename: z.optional(z.string()),
  ...changeFields,
  /**
   * The products added, changed (any field but the stock level, which is stock.updated's) or
   * removed (an upload with mode=replace), by SKU. Read their fields from GET /api/products.
   */
  products: z.array(z.object({ sku, change: z.enum(['created', 'updated', 'removed']) })),
});

/** docs/decisions/0231: one event per list a write changed (an upload, an ERP PUT, an admin's edit). */
export const priceListUpdatedData = z.object({
  /** `upload`: a price list file; `api`: PUT /api/price-lists/...; `admin`: the admin screens. */
  source: z.enum(['upload', 'api', 'admin']),
  code: z.string(),
  name: z.string(),
  /** True when the list was deleted (its entries and assignments with it). */
  deleted: z.boolean(),
  changedAt: z.string(),
  /** Entry rows (one per SKU and break) added, changed and removed by the write. */
  added: z.int(),
  changed: z.int(),
  removed: z.int(),
  /** The SKUs whose entries changed, at most 1,000 (`truncated` says when more did). */
  skus: z.array(sku),
  truncated: z.boolean(),
});

/** A company was created or edited, or one of its locations added, changed or removed (docs/decisions/0230). */
export const companyUpdatedData = z.object({
  change: z.enum(['created', 'updated', 'location_added', 'location_updated', 'location_removed']),
  /** The company after the change. */
  company: companyView,
  /** Its locations after the change. */
  locations: z.array(locationView),
  /** The location the change was about (location_* changes). */
  locationId: z.optional(z.int()),
});

/** A quote after one of its steps (docs/decisions/0237): the dealer's view, prices and held lots included. */
export const quoteEventData = z.object({ quote: quoteView });

export const WEBHOOK_EVENT_DATA = {
  [WEBHOOK_TEST_EVENT]: z.object({ message: z.string(), endpointId: z.int() }),
  'order.created': z.object({ order: orderView }),
  'order.status_changed': z.object({ order: orderView, previousStatus: orderStatusSchema }),
  'stock.updated': stockUpdatedData,
  'product.updated': productUpdatedData,
  'price_list.updated': priceListUpdatedData,
  'company.updated': companyUpdatedData,
  'quote.requested': quoteEventData,
  'quote.sent': quoteEventData,
  'quote.accepted': quoteEventData,
  'quote.declined': quoteEventData,
  'quote.expired': quoteEventData,
  'quote.closed': quoteEventData,
} as const satisfies Record<WebhookEvent | typeof WEBHOOK_TEST_EVENT, z.ZodMiniType>;

export type DeliveredEvent = keyof typeof WEBHOOK_EVENT_DATA;
export type WebhookEventData<T extends DeliveredEvent> = z.input<(typeof WEBHOOK_EVENT_DATA)[T]>;

export const WEBHOOK_EVENT_SUMMARIES: Record<DeliveredEvent, string> = {
  ping: 'A test event, sent to one endpoint when an admin presses Send test event',
  'order.created': 'An order was placed',
  'order.status_changed': "An order's status changed",
  'stock.updated': 'Stock levels changed (a stock upload or PATCH /api/stock); one event per change, at most 1,000 SKUs listed',
  'product.updated': 'Products were added, changed or removed by a stock upload; one event per upload, at most 1,000 SKUs listed',
  'price_list.updated': "A price list's header, entries or assignments changed, or the list was deleted; one event per list and write",
  'company.updated': 'A company was created or edited (admin screen or API), or one of its locations added, changed or removed',
  'quote.requested': 'A dealer requested a project quote',
  'quote.sent': 'A quote was priced and sent to the dealer (again, when revised)',
  'quote.accepted': 'The dealer accepted a quote; orders may draw it down',
  'quote.declined': 'The dealer declined a quote; its holds were released',
  'quote.expired': 'A quote passed its valid-until date; its holds were released',
  'quote.closed': 'A quote was closed: every line ordered, or closed by an admin or the dealer',
};

/**
 * Each event's summary and `data` schema in the shape the OpenAPI document reads for its
 * top-level `webhooks` (plugins/openapi, ADR 0181): `ping` included.
 */
export const WEBHOOK_EVENT_PAYLOADS = Object.fromEntries(
  (Object.keys(WEBHOOK_EVENT_DATA) as DeliveredEvent[]).map((type) => [type, { summary: WEBHOOK_EVENT_SUMMARIES[type], data: WEBHOOK_EVENT_DATA[type] }]),
) as { [T in DeliveredEvent]: { summary: string; data: (typeof WEBHOOK_EVENT_DATA)[T] } };

/** The whole body of a delivery of one event type (Standard Webhooks' `type`, `timestamp`, `data`, plus our `id`). */
export function webhookEnvelope<T extends DeliveredEvent>(type: T, data: z.ZodMiniType = WEBHOOK_EVENT_DATA[type]) {
  return z.object({
    /** The event id, also the `webhook-id` header: the same on every retry; receivers de-duplicate on it. */
    id: z.string(),
    type: z.literal(type),
    /** When the event happened (ISO 8601). */
    timestamp: z.string(),
    /** The same as `timestamp`; the name of the first release. */
    createdAt: z.string(),
    data,
  });
}

/** The JSON a delivery carries, built once when the event is queued and signed as is at each attempt. */
export function webhookBody<T extends DeliveredEvent>(id: string, type: T, data: WebhookEventData<T>, at = new Date()): string {
  const timestamp = at.toISOString();
  return JSON.stringify({ id, type, timestamp, createdAt: timestamp, data });
}

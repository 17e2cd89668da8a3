import { z } from './zod';
import { blankAsMissing, idSchema } from './common';

/**
 * What an API token may do (docs/decisions/0160). Each /api route that a machine
 * may call names one scope; a token reaches no other route.
 */
export const API_SCOPES = [
  'products:read',
  'stock:write',
  'orders:read',
  'orders:write',
  'users:read',
  'prices:read',
  'prices:write',
  'companies:read',
  'companies:write',
  'quotes:read',
  'quotes:write',
] as const;
export type ApiScope = (typeof API_SCOPES)[number];

export const API_SCOPE_LABELS: Record<ApiScope, string> = {
  'products:read': 'Read products and stock',
  'stock:write': 'Update stock (CSV upload and batch update)',
  'orders:read': 'Read and export orders',
  'orders:write': 'Change order status',
  'users:read': 'Read user accounts',
  'prices:read': "Read price lists and a company's prices",
  'prices:write': 'Create and update price lists and their entries',
  'companies:read': 'Read companies and their locations',
  'companies:write': 'Create and edit companies and their locations',
  'quotes:read': 'Read project quotes, their prices and held lots',
  'quotes:write': 'Price and send, extend and close project quotes',
};

export const INTEGRATION_MESSAGES = {
  tokenNotFound: 'API token not found',
  endpointNotFound: 'Webhook endpoint not found',
  deliveryNotFound: 'Delivery not found',
  testWhilePaused: 'This endpoint is paused. Resume it to send a test event.',
  badToken: 'The API token is not valid, has expired or was revoked',
  httpsOnly: 'The endpoint URL must start with https://',
  privateTarget: 'The endpoint URL points at a private or loopback address, which is not allowed',
} as const;

const name = z
  .string({ error: 'Name is required' })
  .check(z.trim(), z.minLength(1, 'Name is required'), z.maxLength(100, 'Name must be at most 100 characters'));

/** POST /api/admin/api-tokens */
export const createApiTokenBody = z.object({
  name,
  scopes: z.pipe(
    z.array(z.enum(API_SCOPES, { error: 'Unknown scope' })).check(z.minLength(1, 'Choose at least one scope')),
    z.transform((s) => [...new Set(s)]),
  ),
  /** Optional expiry, an ISO date-time in the future. */
  expiresAt: z
    .nullish(z.iso.datetime({ offset: true, error: 'Invalid expiry date' }))
    .check(z.refine((v) => !v || new Date(v).getTime() > Date.now(), 'The expiry must be in the future')),
});
export type CreateApiTokenBody = z.input<typeof createApiTokenBody>;

export const apiTokenView = z.object({
  id: z.int(),
  name: z.string(),
  /** The token's first characters, to tell tokens apart; never enough to use it. */
  prefix: z.string(),
  scopes: z.array(z.enum(API_SCOPES)),
  createdBy: z.nullable(z.string()),
  createdAt: z.string(),
  expiresAt: z.nullable(z.string()),
  lastUsedAt: z.nullable(z.string()),
  revokedAt: z.nullable(z.string()),
});
export type ApiTokenView = z.infer<typeof apiTokenView>;

export const apiTokenList = z.object({ tokens: z.array(apiTokenView) });
export type ApiTokenList = z.infer<typeof apiTokenList>;

/** The create answer: the only time the token itself is shown. */
export const createdApiToken = z.extend(apiTokenView, { token: z.string() });
export type CreatedApiToken = z.infer<typeof createdApiToken>;

/** A quote's steps (docs/decisions/0237): one event each, the quote as it is after the step. */
export const QUOTE_EVENTS = ['quote.requested', 'quote.sent', 'quote.accepted', 'quote.declined', 'quote.expired', 'quote.closed'] as const;

/** The events an endpoint may subscribe to; their payloads are in ./webhook-events.ts. */
export const WEBHOOK_EVENTS = ['order.created', 'order.status_changed', 'stock.updated', 'product.updated', 'price_list.updated', 'company.updated', ...QUOTE_EVENTS] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** `ping` is the "Send test event" event: sent to one endpoint on request, never subscribed to. */
export const WEBHOOK_TEST_EVENT = 'ping';

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'order.created': 'Order placed',
  'order.status_changed': 'Order status changed',
  'stock.updated': 'Stock levels changed',
  'product.updated': 'Products added, changed or removed',
  'price_list.updated': 'Price lists changed (entries, dates or assignments)',
  'company.updated': 'Companies and their locations added or changed',
  'quote.requested': 'Quote requested by a dealer',
  'quote.sent': 'Quote priced and sent',
  'quote.accepted': 'Quote accepted',
  'quote.declined': 'Quote declined',
  'quote.expired': 'Quote expired (its holds released)',
  'quote.closed': 'Quote closed (used up, or closed by hand)',
};

/** Standard Webhooks headers of every delivery (docs/integrations.md, ADR 0184). */
export const STANDARD_WEBHOOK_HEADERS = { id: 'webhook-id', timestamp: 'webhook-timestamp', signature: 'webhook-signature' } as const;
/** Deprecated (ADR 0184): the portal's own signature, sent beside the standard headers for one release. */
export const WEBHOOK_SIGNATURE_HEADER = 'x-portal-signature';
/** Deprecated with X-Portal-Signature: `webhook-id` carries the same id. */
export const WEBHOOK_EVENT_ID_HEADER = 'x-portal-event-id';
export const WEBHOOK_EVENT_TYPE_HEADER = 'x-portal-event';

/** After a rotation the old secret still signs deliveries (beside the new one) this long (ADR 0184). */
export const WEBHOOK_SECRET_OVERLAP_HOURS = 24;

/** POST /api/admin/webhooks */
export const createWebhookBody = z.object({
  url: z.pipe(
    z.string({ error: 'URL is required' }).check(z.trim(), z.minLength(1, 'URL is required'), z.maxLength(2000, 'The URL is too long')),
    z.url({ protocol: /^https?$/, error: 'Enter a full URL such as https://erp.example.com/hooks/portal' }),
  ),
  description: z.optional(z.string().check(z.trim(), z.maxLength(200, 'Description must be at most 200 characters'))),
  events: z.pipe(
    z.array(z.enum(WEBHOOK_EVENTS, { error: 'Unknown event' })).check(z.minLength(1, 'Choose at least one event')),
    z.transform((e) => [...new Set(e)]),
  ),
});
export type CreateWebhookBody = z.input<typeof createWebhookBody>;

/** PATCH /api/admin/webhooks/{id}: pause or resume. */
export const updateWebhookBody = z.object({ status: z.enum(['active', 'paused'], { error: 'Status must be active or paused' }) });

export const webhookEndpointView = z.object({
  id: z.int(),
  url: z.string(),
  description: z.nullable(z.string()),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  status: z.enum(['active', 'paused']),
  consecutiveFailures: z.int(),
  pausedAt: z.nullable(z.string()),
  pausedReason: z.nullable(z.string()),
  /** After a secret rotation: until when deliveries are also signed with the previous secret; null when only one secret signs. */
  previousSecretExpiresAt: z.nullable(z.string()),
  createdAt: z.string(),
  pending: z.int(),
  failed: z.int(),
});
export type WebhookEndpointView = z.infer<typeof webhookEndpointView>;

export const webhookEndpointList = z.object({ endpoints: z.array(webhookEndpointView) });
export type WebhookEndpointList = z.infer<typeof webhookEndpointList>;

/** The create and rotate answers: the only time the signing secret is shown. */
export const createdWebhook = z.extend(webhookEndpointView, { secret: z.string() });
export type CreatedWebhook = z.infer<typeof createdWebhook>;

export const webhookDeliveryView = z.object({
  id: z.int(),
  eventId: z.string(),
  eventType: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.int(),
  lastStatusCode: z.nullable(z.int()),
  lastError: z.nullable(z.string()),
  lastResponseMs: z.nullable(z.int()),
  /** When a waiting delivery is tried next; null once it was delivered or given up. */
  nextAttemptAt: z.nullable(z.string()),
  createdAt: z.string(),
  deliveredAt: z.nullable(z.string()),
});
export type WebhookDeliveryView = z.infer<typeof webhookDeliveryView>;

export const WEBHOOK_DELIVERIES_PAGE_SIZE = 50;

export const webhookDeliveriesQuery = z.object({
  /** Show deliveries older than this id (the last one of the previous page); an integer id, else a 400 (ADR 0205). */
  before: blankAsMissing(z.optional(idSchema('before must be a delivery id'))),
});

export const webhookDeliveryList = z.object({ deliveries: z.array(webhookDeliveryView), nextBefore: z.nullable(z.int()) });
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryList>;

/** POST /api/admin/webhooks/{id}/test: what became of the ping, sent through the ordinary delivery path. */
export const webhookTestResult = z.object({
  delivered: z.boolean(),
  /** One sentence for the screen: the receiver's answer, or why nothing was delivered. */
  message: z.string(),
  delivery: webhookDeliveryView,
});
export type WebhookTestResult = z.infer<typeof webhookTestResult>;

export const deliveryParams = z.object({
  id: z.coerce.number().check(z.int(), z.positive({ error: 'Invalid id' })),
  deliveryId: z.coerce.number().check(z.int(), z.positive({ error: 'Invalid id' })),
});

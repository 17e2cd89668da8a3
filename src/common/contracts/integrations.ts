import { z } from 'zod';
import { lazySchema } from './lazy-schema';

/**
 * What an API token may do (docs/decisions/0160). Each /api route that a machine
 * may call names one scope; a token reaches no other route.
 */
export const API_SCOPES = ['products:read', 'stock:write', 'orders:read', 'orders:write', 'users:read'] as const;
export type ApiScope = (typeof API_SCOPES)[number];

export const API_SCOPE_LABELS: Record<ApiScope, string> = {
  'products:read': 'Read products and stock',
  'stock:write': 'Update stock (CSV upload and batch update)',
  'orders:read': 'Read and export orders',
  'orders:write': 'Change order status',
  'users:read': 'Read user accounts',
};

export const INTEGRATION_MESSAGES = {
  tokenNotFound: 'API token not found',
  endpointNotFound: 'Webhook endpoint not found',
  deliveryNotFound: 'Delivery not found',
  badToken: 'The API token is not valid, has expired or was revoked',
  httpsOnly: 'The endpoint URL must start with https://',
  privateTarget: 'The endpoint URL points at a private or loopback address, which is not allowed',
} as const;

const name = lazySchema(() => z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters'));

/** POST /api/admin/api-tokens */
export const createApiTokenBody = lazySchema(() =>
  z.object({
    name,
    scopes: z
      .array(z.enum(API_SCOPES, { error: 'Unknown scope' }))
      .min(1, 'Choose at least one scope')
      .transform((s) => [...new Set(s)]),
    /** Optional expiry, an ISO date-time in the future. */
    expiresAt: z.iso
      .datetime({ offset: true, error: 'Invalid expiry date' })
      .nullable()
      .optional()
      .refine((v) => !v || new Date(v).getTime() > Date.now(), 'The expiry must be in the future'),
  }),
);
export type CreateApiTokenBody = z.input<typeof createApiTokenBody>;

export const apiTokenView = lazySchema(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    /** The token's first characters, to tell tokens apart; never enough to use it. */
    prefix: z.string(),
    scopes: z.array(z.enum(API_SCOPES)),
    createdBy: z.string().nullable(),
    createdAt: z.string(),
    expiresAt: z.string().nullable(),
    lastUsedAt: z.string().nullable(),
    revokedAt: z.string().nullable(),
  }),
);
export type ApiTokenView = z.infer<typeof apiTokenView>;

export const apiTokenList = lazySchema(() => z.object({ tokens: z.array(apiTokenView) }));
export type ApiTokenList = z.infer<typeof apiTokenList>;

/** The create answer: the only time the token itself is shown. */
export const createdApiToken = lazySchema(() => apiTokenView.extend({ token: z.string() }));
export type CreatedApiToken = z.infer<typeof createdApiToken>;

export const WEBHOOK_EVENTS = ['order.created', 'order.status_changed', 'stock.updated'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'order.created': 'Order placed',
  'order.status_changed': 'Order status changed',
  'stock.updated': 'Stock updated',
};

/** Headers of every delivery (docs/integrations.md). */
export const WEBHOOK_SIGNATURE_HEADER = 'x-portal-signature';
export const WEBHOOK_EVENT_ID_HEADER = 'x-portal-event-id';
export const WEBHOOK_EVENT_TYPE_HEADER = 'x-portal-event';

/** POST /api/admin/webhooks */
export const createWebhookBody = lazySchema(() =>
  z.object({
    url: z
      .string({ error: 'URL is required' })
      .trim()
      .min(1, 'URL is required')
      .max(2000, 'The URL is too long')
      .pipe(z.url({ protocol: /^https?$/, error: 'Enter a full URL such as https://erp.example.com/hooks/portal' })),
    description: z.string().trim().max(200, 'Description must be at most 200 characters').optional(),
    events: z
      .array(z.enum(WEBHOOK_EVENTS, { error: 'Unknown event' }))
      .min(1, 'Choose at least one event')
      .transform((e) => [...new Set(e)]),
  }),
);
export type CreateWebhookBody = z.input<typeof createWebhookBody>;

/** PATCH /api/admin/webhooks/{id}: pause or resume. */
export const updateWebhookBody = lazySchema(() => z.object({ status: z.enum(['active', 'paused'], { error: 'Status must be active or paused' }) }));

export const webhookEndpointView = lazySchema(() =>
  z.object({
    id: z.number().int(),
    url: z.string(),
    description: z.string().nullable(),
    events: z.array(z.enum(WEBHOOK_EVENTS)),
    status: z.enum(['active', 'paused']),
    consecutiveFailures: z.number().int(),
    pausedAt: z.string().nullable(),
    pausedReason: z.string().nullable(),
    createdAt: z.string(),
    pending: z.number().int(),
    failed: z.number().int(),
  }),
);
export type WebhookEndpointView = z.infer<typeof webhookEndpointView>;

export const webhookEndpointList = lazySchema(() => z.object({ endpoints: z.array(webhookEndpointView) }));
export type WebhookEndpointList = z.infer<typeof webhookEndpointList>;

/** The create answer: the only time the signing secret is shown. */
export const createdWebhook = lazySchema(() => webhookEndpointView.extend({ secret: z.string() }));
export type CreatedWebhook = z.infer<typeof createdWebhook>;

export const webhookDeliveryView = lazySchema(() =>
  z.object({
    id: z.number().int(),
    eventId: z.string(),
    eventType: z.string(),
    status: z.enum(['pending', 'delivered', 'failed']),
    attempts: z.number().int(),
    lastStatusCode: z.number().int().nullable(),
    lastError: z.string().nullable(),
    lastResponseMs: z.number().int().nullable(),
    nextAttemptAt: z.string(),
    createdAt: z.string(),
    deliveredAt: z.string().nullable(),
  }),
);
export type WebhookDeliveryView = z.infer<typeof webhookDeliveryView>;

export const WEBHOOK_DELIVERIES_PAGE_SIZE = 50;

export const webhookDeliveriesQuery = lazySchema(() =>
  z.object({
    /** Show deliveries older than this id (the last one of the previous page). */
    before: z.coerce.number().int().positive().optional(),
  }),
);

export const webhookDeliveryList = lazySchema(() => z.object({ deliveries: z.array(webhookDeliveryView), nextBefore: z.number().int().nullable() }));
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryList>;

export const deliveryParams = lazySchema(() =>
  z.object({
    id: z.coerce.number().int().positive({ error: 'Invalid id' }),
    deliveryId: z.coerce.number().int().positive({ error: 'Invalid id' }),
  }),
);

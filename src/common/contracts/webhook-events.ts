import { WEBHOOK_EVENTS, type WebhookEvent } from './integrations';
import { orderStatusSchema, orderView } from './orders';
import { STOCK_UPLOAD_MODES } from './stock';
import { z } from './zod';

/**
 * The `data` of every webhook event the portal sends, one entry per event name (ADR 0181).
 * The OpenAPI document's top-level `webhooks` is built from this list; a new event is one
 * more entry here (the Record type refuses an event of WEBHOOK_EVENTS without one).
 */
export const WEBHOOK_EVENT_PAYLOADS = {
  'order.created': {
    summary: 'An order was placed',
    data: z.object({ order: orderView }),
  },
  'order.status_changed': {
    summary: "An order's status changed (sent only when the status really changed)",
    data: z.object({ order: orderView, previousStatus: orderStatusSchema }),
  },
  'stock.updated': {
    summary: 'Stock levels changed, by a CSV upload or by PATCH /api/stock',
    data: z.union([
      z.object({
        source: z.literal('csv'),
        filename: z.string(),
        mode: z.enum(STOCK_UPLOAD_MODES),
        rows: z.int(),
        created: z.int(),
        updated: z.int(),
        unchanged: z.int(),
        removed: z.int(),
        missing: z.int(),
        cartLinesRemoved: z.int(),
        /** SKUs removed because the file (mode=replace) did not list them. */
        removedSkus: z.array(z.int()),
      }),
      z.object({
        source: z.literal('api'),
        /** Only the SKUs whose level changed. */
        items: z.array(z.object({ sku: z.int(), stockLevel: z.string() })),
      }),
    ]),
  },
} satisfies Record<WebhookEvent, { summary: string; data: z.ZodMiniType }>;

/** The body of every delivery: `data` is the event's own payload above. */
export const webhookEnvelope = <T extends z.ZodMiniType>(type: WebhookEvent, data: T) =>
  z.object({
    /** The event id; also sent as a header, the same on every retry and resend. */
    id: z.string(),
    type: z.literal(type),
    createdAt: z.string(),
    data,
  });

export const DOCUMENTED_WEBHOOK_EVENTS: readonly WebhookEvent[] = WEBHOOK_EVENTS;

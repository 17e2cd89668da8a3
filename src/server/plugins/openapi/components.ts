import { apiTokenView, webhookDeliveryView, webhookEndpointView } from '@common/contracts/integrations';
import { accountView, currentUser } from '@common/contracts/auth';
import { cartItem, cartView } from '@common/contracts/carts';
import { errorBody } from '@common/contracts/common';
import { orderItemView, orderMerchandiseView, ordersResponse, orderSummary, orderView } from '@common/contracts/orders';
import { product } from '@common/contracts/products';
import { userView } from '@common/contracts/users';
import { WEBHOOK_EVENT_PAYLOADS, webhookEnvelope } from '@common/contracts/webhook-events';
import type { WebhookEvent } from '@common/contracts/integrations';
import { z } from '@common/contracts/zod';
import { HOST_SESSION_COOKIE, SESSION_COOKIE } from '../sessions';

/**
 * Contracts that appear in the document under a name (components.schemas) rather than
 * inline: the Zod type provider writes `$ref: '#/components/schemas/<id>'` wherever a
 * route's contract, or a part of it, is one of these objects (ADR 0181). The registry is
 * the document's own, not zod's global one, so the contracts stay as they are.
 */
export const namedSchemas = z.registry<{ id: string }>();

const NAMES: [z.ZodMiniType, string][] = [
  [errorBody, 'Error'],
  [orderView, 'Order'],
  [orderSummary, 'OrderSummary'],
  [orderItemView, 'OrderLine'],
  [orderMerchandiseView, 'OrderMerchandiseLine'],
  [ordersResponse, 'OrderPage'],
  [product, 'Product'],
  [cartView, 'Cart'],
  [cartItem, 'CartLine'],
  [accountView, 'Account'],
  [currentUser, 'CurrentUser'],
  [userView, 'User'],
  [apiTokenView, 'ApiToken'],
  [webhookEndpointView, 'Webhook'],
  [webhookDeliveryView, 'WebhookDelivery'],
];
for (const [schema, id] of NAMES) namedSchemas.add(schema, { id });

/** "order.status_changed" → "OrderStatusChangedEvent", the component name of its delivery body. */
export const eventSchemaName = (event: string) =>
  event
    .split(/[._]/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('') + 'Event';

for (const [event, { data }] of Object.entries(WEBHOOK_EVENT_PAYLOADS)) {
  namedSchemas.add(webhookEnvelope(event as WebhookEvent, data), { id: eventSchemaName(event) });
}

export const SECURITY_SCHEMES = {
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description:
      `The browser session, set by POST /api/login. Behind a TLS proxy (TRUST_PROXY) the cookie is named \`${HOST_SESSION_COOKIE}\` ` +
      '(Secure, Path=/, no Domain). Writes sent with it also need the X-Request-Timestamp header.',
  },
  apiToken: {
    type: 'http',
    scheme: 'bearer',
    description: 'An API token an admin created (Admin → API tokens); it reaches only the routes of its scopes.',
  },
} as const;

export const PARAMETERS = {
  RequestTimestamp: {
    name: 'X-Request-Timestamp',
    in: 'header',
    required: true,
    description: 'Milliseconds since 1970 (any 10 to 16 digits). Every write needs it; without it the answer is 403.',
    schema: { type: 'string', pattern: '^\\d{10,16}$' },
  },
  SessionRequestTimestamp: {
    name: 'X-Request-Timestamp',
    in: 'header',
    required: false,
    description:
      'Milliseconds since 1970 (any 10 to 16 digits). Required when the write is sent with the session cookie (403 without it); ' +
      'a request with an API token (Authorization: Bearer) needs none.',
    schema: { type: 'string', pattern: '^\\d{10,16}$' },
  },
  IdempotencyKey: {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description:
      'A key of your choice (1 to 200 visible ASCII characters) that makes a retry safe: the same key from the same user ' +
      'gets the first answer again and changes nothing more (POST /api/orders adds `Idempotent-Replayed: true`).',
    schema: { type: 'string', pattern: '^[\\x21-\\x7e]{1,200}$' },
  },
} as const;

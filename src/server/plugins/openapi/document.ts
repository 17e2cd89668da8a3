import {
  STANDARD_WEBHOOK_HEADERS,
  WEBHOOK_EVENT_ID_HEADER,
  WEBHOOK_EVENT_TYPE_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
} from '@common/contracts/integrations';
import { WEBHOOK_EVENT_PAYLOADS } from '@common/contracts/webhook-events';
import { eventSchemaName, PARAMETERS } from './components';
import { ERROR_RESPONSES, errorStatusesOf, type RouteFacts } from './error-responses';

type Json = Record<string, unknown>;
interface Operation extends Json {
  operationId?: string;
  summary?: string;
  tags?: string[];
  parameters?: Json[];
  responses: Record<string, unknown>;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** One tag per area of the portal; a tag not listed here (a new module) still gets a description. */
const TAGS: [prefix: RegExp, name: string, description: string][] = [
  [/^\/api\/health/, 'Health', 'Liveness and readiness for load balancers'],
  [/^\/api\/(login|logout|register|password-reset|session|user$|user\/password)/, 'Session', 'Sign-in, the session cookie and the active role'],
  [/^\/api\/system/, 'Settings', 'Portal settings the screens read'],
  [/^\/api\/carts/, 'Carts', 'Carts and their lines before an order is placed'],
  [/^\/api\/(orders|admin\/orders)/, 'Orders', 'Orders, the order feed, status changes and the export'],
  [/^\/api\/closed-days/, 'Calendar', 'Days the business is closed'],
  [/^\/api\/(folders|files|links)/, 'Files', 'The file library: folders, files and links'],
  [/^\/api\/(users|user\/profile|bypass-password-reset)/, 'Users', 'User accounts'],
  [/^\/api\/announcements/, 'Announcements', 'Home screen announcements'],
  [/^\/api\/(activity|admin\/activity-logs)/, 'Activity', 'The activity log'],
  [/^\/api\/(merchandise|admin\/merchandise)/, 'Merchandise', 'Displays, labels, price lists and handboards'],
  [/^\/api\/(products|price-list)/, 'Products', 'The catalogue, its prices and the price list'],
  [/^\/api\/stock/, 'Stock', 'Stock levels: CSV uploads and the batch update by SKU'],
  [/^\/api\/admin\/emails/, 'Email outbox', 'The outgoing email queue: queued, sent and failed emails'],
  [/^\/api\/admin\/(api-tokens|webhooks)/, 'Integrations', 'API tokens and webhook endpoints'],
];

/** The tag of a route: its area of the portal (TAGS), else the first words of its path. */
export function tagOf(url: string): string {
  const known = TAGS.find(([prefix]) => prefix.test(url));
  if (known) return known[1];
  const [first = 'api', second] = url.replace(/^\/api\//, '').split('/');
  const text = (first === 'admin' && second ? `admin ${second}` : first).replace(/[-_.]/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const SUCCESS: Record<string, string> = { '200': 'OK', '201': 'Created', '202': 'Accepted', '204': 'No content' };

const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });

/** The error answers, headers and name of one operation (ADR 0181). */
function completeOperation(method: string, path: string, operation: Operation, facts: RouteFacts): void {
  // @fastify/swagger gives GET and HEAD of one route the GET's name; the HEAD twin has its own.
  if (facts.headOperation) Object.assign(operation, facts.headOperation);
  for (const [status, description] of Object.entries(facts.otherResponses)) operation.responses[status] ??= { description };
  for (const [status, response] of Object.entries(operation.responses)) {
    // @fastify/swagger's placeholder for a response without a description of its own.
    const answer = response as { description?: string };
    if (answer.description === 'Default Response') answer.description = SUCCESS[status] ?? `Status ${status}`;
  }
  for (const status of errorStatusesOf(facts)) {
    const shared = ERROR_RESPONSES[status];
    operation.responses[String(status)] ??= shared
      ? ref('responses', shared.name)
      : { description: `Error ${status}`, content: { 'application/json': { schema: ref('schemas', 'Error') } } };
  }
  const parameters = [...(operation.parameters ?? [])];
  if (WRITES.has(method)) parameters.push(ref('parameters', facts.scope ? 'SessionRequestTimestamp' : 'RequestTimestamp'));
  if (facts.idempotent) parameters.push(ref('parameters', 'IdempotencyKey'));
  if (parameters.length > 0) operation.parameters = parameters;
}

/** Deliveries as OpenAPI 3.1 `webhooks`: what the portal POSTs to a registered endpoint. */
function webhooks(): Json {
  // Standard Webhooks headers first (verify with the `standardwebhooks` library); the X-Portal-*
  // signature stays for one release for receivers written against it (ADR 0184).
  const headers = [
    [STANDARD_WEBHOOK_HEADERS.id, 'The event id, the same on every retry and resend; use it to ignore a repeat', false],
    [STANDARD_WEBHOOK_HEADERS.timestamp, 'Unix seconds when this attempt was signed', false],
    [STANDARD_WEBHOOK_HEADERS.signature, '`v1,<base64 HMAC-SHA256>` per the Standard Webhooks specification, with the `whsec_` secret; two space-separated values while a rotated secret overlaps', false],
    [WEBHOOK_EVENT_ID_HEADER, 'The event id (as webhook-id)', true],
    [WEBHOOK_EVENT_TYPE_HEADER, 'The event name', false],
    [WEBHOOK_SIGNATURE_HEADER, 'Deprecated: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`; use webhook-signature', true],
  ].map(([name, description, deprecated]) => ({ name, in: 'header', required: true, description, ...(deprecated ? { deprecated: true } : {}), schema: { type: 'string' } }));
  return Object.fromEntries(
    Object.entries(WEBHOOK_EVENT_PAYLOADS).map(([event, { summary }]) => [
      event,
      {
        post: {
          operationId: `on${eventSchemaName(event).replace(/Event$/, '')}`,
          summary,
          tags: ['Webhook events'],
          security: [],
          parameters: headers,
          requestBody: { required: true, content: { 'application/json': { schema: ref('schemas', eventSchemaName(event)) } } },
          responses: {
            '2XX': { description: 'Received. Answer within 10 seconds; the body is ignored' },
            '4XX': { description: 'Refused: a failure like any non-2xx answer; the delivery is retried with backoff' },
          },
        },
      },
    ]),
  );
}

/** Names every schema a `$ref` reaches, following components into each other. */
function referencedSchemas(doc: Json): Set<string> {
  const schemas = ((doc.components as Json | undefined)?.schemas ?? {}) as Json;
  const found = new Set<string>();
  const visit = (value: unknown) => {
    const text = JSON.stringify(value);
    for (const [, name] of text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
      if (name && !found.has(name)) {
        found.add(name);
        visit(schemas[name]);
      }
    }
  };
  const { components, ...rest } = doc;
  visit(rest);
  visit({ ...(components as Json), schemas: undefined });
  return found;
}

/**
 * Completes the document @fastify/swagger built: each operation's name, error answers
 * and headers, the tags, the webhook events, and only the named schemas something uses
 * (the Zod provider emits an input and an output copy of every one).
 */
export function completeDocument(doc: Json, factsOf: (key: string) => RouteFacts | undefined): Json {
  const paths = (doc.paths ?? {}) as Record<string, Record<string, Operation>>;
  const usedTags = new Set<string>();
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, shared] of Object.entries(item)) {
      // @fastify/swagger gives the methods of one route (GET and HEAD) the same object.
      const operation = structuredClone(shared);
      item[method] = operation;
      const facts = factsOf(`${method.toUpperCase()} ${path}`);
      if (facts) completeOperation(method.toUpperCase(), path, operation, facts);
      for (const tag of operation.tags ?? []) usedTags.add(tag);
    }
  }
  const completed: Json = { ...doc, webhooks: webhooks() };
  usedTags.add('Webhook events');
  const descriptions = new Map(TAGS.map(([, name, description]) => [name, description]));
  descriptions.set('Webhook events', 'What the portal POSTs to a registered webhook endpoint (Admin → Webhooks)');
  completed.tags = [...usedTags].sort().map((name) => ({ name, description: descriptions.get(name) ?? `The ${name.toLowerCase()} routes` }));
  const components: Json = { ...(doc.components as Json), parameters: PARAMETERS };
  components.responses = Object.fromEntries(Object.values(ERROR_RESPONSES).map(({ name, body }) => [name, body]));
  completed.components = components;
  const used = referencedSchemas(completed);
  const schemas = (components.schemas ?? {}) as Json;
  // Zod writes `$schema` and an `$id` that is a bare fragment into each; inside an OpenAPI document neither belongs.
  components.schemas = Object.fromEntries(
    Object.entries(schemas)
      .filter(([name]) => used.has(name))
      .map(([name, schema]) => {
        const { $schema: _schema, $id: _id, ...rest } = schema as Json;
        return [name, rest];
      }),
  );
  // Only the shared answers and parameters some operation uses (Redocly: no unused components).
  const text = JSON.stringify(completed.paths);
  components.responses = Object.fromEntries(Object.entries(components.responses as Json).filter(([n]) => text.includes(`/responses/${n}"`)));
  components.parameters = Object.fromEntries(Object.entries(PARAMETERS).filter(([n]) => text.includes(`/parameters/${n}"`)));
  return completed;
}

import {
  INTEGRATION_MESSAGES,
  WEBHOOK_DELIVERIES_PAGE_SIZE,
  WEBHOOK_EVENTS,
  WEBHOOK_SECRET_OVERLAP_HOURS,
  WEBHOOK_TEST_EVENT,
  type createWebhookBody,
  type CreatedWebhook,
  type WebhookDeliveryList,
  type WebhookDeliveryView,
  type WebhookEndpointList,
  type WebhookEndpointView,
  type WebhookEvent,
  type WebhookTestResult,
} from '@common/contracts/integrations';
import { webhookBody, type WebhookEventData } from '@common/contracts/webhook-events';
import type { FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import { webhookTargetProblem } from '../../lib/webhook-target';
import type { Actor } from '../../lib/actor';
import type { ActivityService } from '../activity';
import * as repo from './repository';
import { attemptDelivery, WEBHOOK_POLICY } from './sender';
import { newSigningSecret } from './signature';

const OVERLAP_MS = WEBHOOK_SECRET_OVERLAP_HOURS * 60 * 60_000;

function endpointView(row: repo.EndpointRow & { pending?: number; failed?: number }): WebhookEndpointView {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events.filter((e): e is WebhookEvent => (WEBHOOK_EVENTS as readonly string[]).includes(e)),
    status: row.status === 'paused' ? 'paused' : 'active',
    consecutiveFailures: row.consecutiveFailures,
    pausedAt: row.pausedAt?.toISOString() ?? null,
    pausedReason: row.pausedReason,
    previousSecretExpiresAt:
      row.previousSecret && row.previousSecretExpiresAt && row.previousSecretExpiresAt.getTime() > Date.now() ? row.previousSecretExpiresAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    pending: row.pending ?? 0,
    failed: row.failed ?? 0,
  };
}

function deliveryView(row: repo.DeliveryLogRow): WebhookDeliveryView {
  return {
    id: row.id,
    eventId: row.eventId,
    eventType: row.eventType,
    status: row.status === 'delivered' || row.status === 'failed' ? row.status : 'pending',
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    lastResponseMs: row.lastResponseMs,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}

/**
 * Publishes portal events to webhooks. Call it with the transaction that makes
 * the event happen: the deliveries and their jobs are committed with the order or stock change,
 * or not at all (the outbox pattern, docs/decisions/0161, on pg-boss: docs/decisions/0224).
 */
export interface EventPublisher {
  /** `data` is typed by the event's payload contract (@common/contracts/webhook-events, ADR 0184). */
  publish<T extends WebhookEvent>(tx: DbOrTx, type: T, data: WebhookEventData<T>): Promise<void>;
}

/** The screen's one sentence about a test delivery (the title says delivered or not). */
function testMessage(result: string, row: repo.DeliveryLogRow): string {
  const status = row.lastStatusCode ? `HTTP ${row.lastStatusCode}` : null;
  const took = row.lastResponseMs !== null ? ` in ${row.lastResponseMs} ms` : '';
  if (result === 'delivered') return `The endpoint answered ${status}${took}.`;
  if (result === 'held') return 'The endpoint was paused meanwhile; the test event goes out when it is resumed.';
  const why = row.lastError && row.lastError !== status ? row.lastError : `The endpoint answered ${status ?? 'nothing'}${took}`;
  return `${why.replace(/\.$/, '')}. The test event is retried like any event; see the delivery log.`;
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;

export function createWebhooksService(deps: { db: Db; activity: ActivityService; allowPrivate: boolean; log?: FastifyBaseLogger }) {
  const { db, activity } = deps;

  async function endpointOr404(id: number): Promise<repo.EndpointRow> {
    const row = await repo.findEndpoint(db, id);
    if (!row) throw new HttpError(404, INTEGRATION_MESSAGES.endpointNotFound);
    return row;
  }

  const publisher: EventPublisher = {
    async publish(tx, type, data) {
      const id = randomUUID();
      await repo.enqueueEvent(tx, { id, type, body: webhookBody(id, type, data) });
    },
  };

  return {
    publisher,

    async list(): Promise<WebhookEndpointList> {
      return { endpoints: (await repo.listEndpoints(db)).map(endpointView) };
    },

    async create(actor: Actor, body: z.output<typeof createWebhookBody>): Promise<CreatedWebhook> {
      // The literal address, or every address the name resolves to now; delivery checks again.
      const problem = await webhookTargetProblem(body.url, deps.allowPrivate);
      if (problem) throw new HttpError(400, problem, [{ path: 'url', message: problem }]);
      const secret = newSigningSecret();
      return db.transaction(async (tx) => {
        const row = await repo.insertEndpoint(tx, {
          url: body.url,
          description: body.description || null,
          events: body.events,
          secret,
          createdBy: actor.userId,
        });
        await activity.record(
          actor,
          {
            type: 'integration_updated',
            description: `${actor.username} added webhook endpoint ${row.url}`,
            metadata: { webhookEndpointId: row.id, events: body.events },
          },
          tx,
        );
        return { ...endpointView(row), secret };
      });
    },

    async setStatus(actor: Actor, id: number, status: 'active' | 'paused'): Promise<WebhookEndpointView> {
      return db.transaction(async (tx) => {
        const row = await repo.setEndpointStatus(tx, id, status, status === 'paused' ? `Paused by ${actor.username}` : null);
        if (!row) throw new HttpError(404, INTEGRATION_MESSAGES.endpointNotFound);
        await activity.record(
          actor,
          {
            type: 'integration_updated',
            description: `${actor.username} ${status === 'paused' ? 'paused' : 'resumed'} webhook endpoint ${row.url}`,
            metadata: { webhookEndpointId: row.id, status },
          },
          tx,
        );
        const [withCounts] = (await repo.listEndpoints(tx)).filter((e) => e.id === id);
        return endpointView(withCounts ?? row);
      });
    },

    async remove(actor: Actor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await repo.deleteEndpoint(tx, id);
        if (!row) throw new HttpError(404, INTEGRATION_MESSAGES.endpointNotFound);
        await activity.record(
          actor,
          { type: 'integration_updated', description: `${actor.username} removed webhook endpoint ${row.url}`, metadata: { webhookEndpointId: id } },
          tx,
        );
      });
    },

    /**
     * A new signing secret, answered this once. The old one keeps signing beside it for
     * WEBHOOK_SECRET_OVERLAP_HOURS, so the receiver can switch without losing an event.
     */
    async rotateSecret(actor: Actor, id: number): Promise<CreatedWebhook> {
      const secret = newSigningSecret();
      return db.transaction(async (tx) => {
        const row = await repo.rotateSecret(tx, id, secret, OVERLAP_MS);
        if (!row) throw new HttpError(404, INTEGRATION_MESSAGES.endpointNotFound);
        await activity.record(
          actor,
          {
            type: 'integration_updated',
            description: `${actor.username} rotated the signing secret of webhook endpoint ${row.url}`,
            metadata: { webhookEndpointId: row.id, previousSecretExpiresAt: row.previousSecretExpiresAt?.toISOString() },
          },
          tx,
        );
        const [withCounts] = (await repo.listEndpoints(tx)).filter((e) => e.id === id);
        return { ...endpointView(withCounts ?? row), secret };
      });
    },

    /**
     * "Send test event": a `ping` for this endpoint through the ordinary delivery path
     * (stored with its job, signed, counted, retried), sent now so the admin sees the answer.
     */
    async sendTest(actor: Actor, id: number): Promise<WebhookTestResult> {
      const endpoint = await endpointOr404(id);
      if (endpoint.status === 'paused') throw new HttpError(409, INTEGRATION_MESSAGES.testWhilePaused);
      const eventId = randomUUID();
      const body = webhookBody(eventId, WEBHOOK_TEST_EVENT, { message: 'A test event from the BOLD portal', endpointId: id });
      const delivery = await db.transaction(async (tx) => {
        await activity.record(
          actor,
          {
            type: 'integration_updated',
            description: `${actor.username} sent a test event to webhook endpoint ${endpoint.url}`,
            metadata: { webhookEndpointId: id, eventId },
          },
          tx,
        );
        return repo.insertTestDelivery(tx, { id: eventId, endpointId: id, type: WEBHOOK_TEST_EVENT, body }, WEBHOOK_POLICY.testCoverSeconds);
      });
      const result = await attemptDelivery({ db, allowPrivate: deps.allowPrivate, log: deps.log }, delivery);
      const [row] = await repo.listDeliveries(db, id, 1, delivery.id + 1);
      if (!row) throw new HttpError(404, INTEGRATION_MESSAGES.endpointNotFound);
      return { delivered: result === 'delivered', message: testMessage(result, row), delivery: deliveryView(row) };
    },

    async deliveries(endpointId: number, before?: number): Promise<WebhookDeliveryList> {
      await endpointOr404(endpointId);
      const rows = await repo.listDeliveries(db, endpointId, WEBHOOK_DELIVERIES_PAGE_SIZE + 1, before);
      const page = rows.slice(0, WEBHOOK_DELIVERIES_PAGE_SIZE);
      return { deliveries: page.map(deliveryView), nextBefore: rows.length > page.length ? (page.at(-1)?.id ?? null) : null };
    },

    async resend(actor: Actor, endpointId: number, deliveryId: number): Promise<WebhookDeliveryView> {
      await endpointOr404(endpointId);
      return db.transaction(async (tx) => {
        const row = await repo.requeueDelivery(tx, endpointId, deliveryId);
        if (!row) throw new HttpError(404, INTEGRATION_MESSAGES.deliveryNotFound);
        await activity.record(
          actor,
          {
            type: 'integration_updated',
            description: `${actor.username} resent webhook event ${row.eventId}`,
            metadata: { webhookEndpointId: endpointId, deliveryId, eventId: row.eventId },
          },
          tx,
        );
        return deliveryView(row);
      });
    },
  };
}

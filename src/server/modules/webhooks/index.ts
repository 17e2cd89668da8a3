/** The webhooks module's public entry (docs/architecture.md: other modules use this, never the repository). */
export { webhookRoutes } from './routes';
export { createWebhooksService, type EventPublisher, type WebhooksService } from './service';
export { pruneDeliveredBefore as pruneDeliveredWebhooks } from './repository';
export { signatureHeader, verifySignature } from './signature';
export { createWebhookSender, WEBHOOK_POLICY, type DeliveryJob, type WebhookRetryPolicy } from './sender';

import { WEBHOOK_EVENT_ID_HEADER, WEBHOOK_EVENT_TYPE_HEADER, WEBHOOK_SIGNATURE_HEADER } from '@common/contracts/integrations';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new signing secret: 32 random bytes, recognisable by its prefix. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** HMAC-SHA256 over `${timestamp}.${body}`, hex (the scheme docs/integrations.md tells receivers to check). */
export function signPayload(secret: string, timestampSeconds: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestampSeconds}.${body}`, 'utf8').digest('hex');
}

/** The X-Portal-Signature header value: `t=<unix seconds>,v1=<hex>`, like Stripe's. */
export function signatureHeader(secret: string, timestampSeconds: number, body: string): string {
  return `t=${timestampSeconds},v1=${signPayload(secret, timestampSeconds, body)}`;
}

/** What a receiver does; used by the tests to check deliveries the way an ERP would. */
export function verifySignature(secret: string, header: string, body: string, toleranceSeconds = 300, now = Date.now()): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !parts.v1 || Math.abs(now / 1000 - t) > toleranceSeconds) return false;
  const expected = Buffer.from(signPayload(secret, t, body), 'hex');
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export const DELIVERY_HEADERS = {
  signature: WEBHOOK_SIGNATURE_HEADER,
  eventId: WEBHOOK_EVENT_ID_HEADER,
  eventType: WEBHOOK_EVENT_TYPE_HEADER,
} as const;

import {
  STANDARD_WEBHOOK_HEADERS,
  WEBHOOK_EVENT_ID_HEADER,
  WEBHOOK_EVENT_TYPE_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
} from '@common/contracts/integrations';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

const PREFIX = 'whsec_';

/**
 * A new signing secret: `whsec_` and 32 random bytes in standard base64, the form the
 * Standard Webhooks libraries read (ADR 0184). Secrets made before were base64url; they still
 * sign (keyBytes reads both alphabets).
 */
export function newSigningSecret(): string {
  return `${PREFIX}${randomBytes(32).toString('base64')}`;
}

/** The HMAC key of a `whsec_` secret: the bytes its base64 part stands for (Node reads base64 and base64url alike). */
function keyBytes(secret: string): Buffer {
  return Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
}

/**
 * The `webhook-signature` value: `v1,<base64>` for each secret, space-separated, as the
 * specification allows during a rotation. Signed by the `standardwebhooks` library itself over
 * `<msgId>.<timestamp>.<body>`, so what we send is what its `verify` checks.
 */
export function standardSignature(secrets: readonly string[], msgId: string, at: Date, body: string): string {
  return secrets.map((secret) => new Webhook(keyBytes(secret), { format: 'raw' }).sign(msgId, at, body)).join(' ');
}

/** Deprecated scheme (ADR 0161): HMAC-SHA256 keyed with the whole secret text over `${timestamp}.${body}`, hex. */
export function signPayload(secret: string, timestampSeconds: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestampSeconds}.${body}`, 'utf8').digest('hex');
}

/**
 * The deprecated X-Portal-Signature value: `t=<unix seconds>,v1=<hex>`, like Stripe's. During a
 * rotation it has one `v1` per secret, the newest first (Stripe's own rule for rolled secrets); a
 * receiver that reads only the last `v1` keeps verifying with the old secret until the window ends.
 */
export function signatureHeader(secrets: string | readonly string[], timestampSeconds: number, body: string): string {
  const list = typeof secrets === 'string' ? [secrets] : secrets;
  return [`t=${timestampSeconds}`, ...list.map((s) => `v1=${signPayload(s, timestampSeconds, body)}`)].join(',');
}

/** What a receiver of the deprecated header does; any `v1` that matches passes. Used by the tests. */
export function verifySignature(secret: string, header: string, body: string, toleranceSeconds = 300, now = Date.now()): boolean {
  const parts = header.split(',').map((p) => p.split('=') as [string, string]);
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(now / 1000 - t) > toleranceSeconds) return false;
  const expected = Buffer.from(signPayload(secret, t, body), 'hex');
  return parts
    .filter(([k, v]) => k === 'v1' && v)
    .some(([, v]) => {
      const given = Buffer.from(v, 'hex');
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
}

/**
 * Every header of one attempt: the Standard Webhooks three, signed with each live secret, and,
 * for one more version, the portal's own headers (ADR 0184). `at` is the attempt's time.
 */
export function deliveryHeaders(delivery: { eventId: string; eventType: string; body: string }, secrets: readonly string[], at: Date): Record<string, string> {
  const seconds = Math.floor(at.getTime() / 1000);
  return {
    [STANDARD_WEBHOOK_HEADERS.id]: delivery.eventId,
    [STANDARD_WEBHOOK_HEADERS.timestamp]: String(seconds),
    [STANDARD_WEBHOOK_HEADERS.signature]: standardSignature(secrets, delivery.eventId, at, delivery.body),
    [WEBHOOK_SIGNATURE_HEADER]: signatureHeader(secrets, seconds, delivery.body),
    [WEBHOOK_EVENT_ID_HEADER]: delivery.eventId,
    [WEBHOOK_EVENT_TYPE_HEADER]: delivery.eventType,
  };
}

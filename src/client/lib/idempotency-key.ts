import { IDEMPOTENCY_HEADER } from '@common/domain/http-headers';

/**
 * A fresh Idempotency-Key for one write; a retry of that same request (by the
 * browser, a proxy or our own code) carries the same key, so the server applies
 * it once (ADR 0060). crypto.getRandomValues also works on plain-http LAN addresses.
 */
export function newIdempotencyKey(prefix: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `${prefix}-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** Request options carrying a new key, for `api.POST(path, { body, ...idempotent('cart') })`. */
export function idempotent(prefix: string, key = newIdempotencyKey(prefix)) {
  return { headers: { [IDEMPOTENCY_HEADER]: key } };
}

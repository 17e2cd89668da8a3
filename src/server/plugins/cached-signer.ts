import { Signer, type UnsignResult } from '@fastify/cookie';

/** Enough for every session active in a few minutes; past it the maps start again (bounded memory). */
const MAX_ENTRIES = 10_000;

/**
 * The session cookie's HMAC signer, remembering its answers (ADR 0153). Every request
 * checked the cookie's signature (one HMAC) and @fastify/session signed the same id
 * again (a second HMAC) for the cookie it might send back. Both results depend only on
 * the value and the secret, so a value seen before gets the same answer without
 * hashing. Only VALID signatures are remembered: a stream of forged cookies costs an
 * HMAC each, as before, and cannot fill the cache. Whether the session still exists is
 * the store's question and is not cached here.
 */
export class CachedSigner {
  private readonly signer: Signer;
  private readonly unsigned = new Map<string, UnsignResult>();
  private readonly signed = new Map<string, string>();

  constructor(secret: string, algorithm = 'sha256') {
    // @fastify/session checks this itself only when it is handed the secret rather than a signer.
    if (secret.length < 32) throw new Error('the session secret must have length 32 or greater');
    this.signer = new Signer(secret, algorithm);
  }

  sign = (value: string): string => {
    let signed = this.signed.get(value);
    if (signed === undefined) {
      signed = this.signer.sign(value);
      remember(this.signed, value, signed);
    }
    return signed;
  };

  unsign = (signedValue: string): UnsignResult => {
    const known = this.unsigned.get(signedValue);
    if (known) return { ...known };
    const result = this.signer.unsign(signedValue);
    if (result.valid) remember(this.unsigned, signedValue, { ...result });
    return result;
  };
}

function remember<V>(map: Map<string, V>, key: string, value: V): void {
  if (map.size >= MAX_ENTRIES) map.clear();
  map.set(key, value);
}

import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// scrypt is memory-hard and built into Node (docs/product-decisions.md#accounts). N=2^15 uses 32 MiB per hash.
const PARAMS = { N: 32768, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 128 * params.N * params.r * 2 };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/**
 * ADR 0132: a bulk-imported temporary password (known to the admin, changed at first sign-in)
 * is hashed with N=2^12 (4 MiB, ~10x cheaper), so 500 users import in seconds. Sign-in
 * re-hashes it with PARAMS at once (needsRehash), so the cheap hash lives until first use.
 */
const TEMPORARY_PARAMS = { N: 4096, r: 8, p: 1 } as const;

async function hashWith(password: string, params: { N: number; r: number; p: number }): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Returns "scrypt$N$r$p$salt$hash" (base64 parts) so parameters can be raised later. */
export function hashPassword(password: string): Promise<string> {
  return hashWith(password, PARAMS);
}

/** The cheaper hash for a bulk-imported temporary password (ADR 0132); never for a chosen one. */
export function hashTemporaryPassword(password: string): Promise<string> {
  return hashWith(password, TEMPORARY_PARAMS);
}

/** True when a stored hash is weaker than today's parameters: sign-in replaces it (ADR 0132). */
export function needsRehash(stored: string): boolean {
  const [scheme, n, r, p] = stored.split('$');
  return scheme !== 'scrypt' || Number(n) < PARAMS.N || Number(r) < PARAMS.r || Number(p) < PARAMS.p;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

let dummyHash: Promise<string> | undefined;
/** Verifies against a throwaway hash so an unknown username takes as long as a wrong password. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('Dummy-password-1');
  await verifyPassword(password, await dummyHash);
}

/** A strong temporary password that still meets the spec's rules (capital letter, 6+ characters). */
export function generateTemporaryPassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  const bytes = randomBytes(14);
  const body = Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
  return `T${body}`;
}

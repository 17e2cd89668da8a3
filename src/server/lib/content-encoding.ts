import { negotiate } from '@fastify/accept-negotiator';

/** The codings the pre-serialised bodies are kept in. */
export type Encoding = 'br' | 'gzip' | 'identity';

/**
 * The coding to send a pre-compressed body in, by Accept-Encoding and its q-values
 * (@fastify/accept-negotiator, the negotiator @fastify/compress uses): brotli, then gzip,
 * else none. A coding with q=0 is refused.
 */
export function pickEncoding(acceptEncoding: string | string[] | undefined): Encoding {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  return negotiate(header, ['br', 'gzip']) ?? 'identity';
}

import { idempotencyKey as idempotencyKeySchema } from '@common/contracts/orders';
import { IDEMPOTENCY_HEADER } from '@common/domain/http-headers';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../db/client';
import { HttpError } from '../lib/http-error';
import { claimKey, releaseKey, saveAnswer, type StoredAnswer } from './idempotency-store';

/**
 * Idempotency-Key on every POST and PATCH (ADR 0182). A request with the header is claimed under
 * (caller, key) before its handler runs: the first runs and its answer (status, type, body) is kept
 * a day; the same key again with the same request gets that answer (`Idempotent-Replayed: true`)
 * without running anything; with a different request, 422. A request that arrives while the first
 * still runs waits for its answer (up to IN_PROGRESS_WAIT_MS, then 409). Only a success is kept:
 * after a 4xx or 5xx (which changed nothing) the key is given back, so the retry runs. Multipart uploads are claimed by lib/upload once the file is
 * read (`claimUpload`), on the file's bytes: the form's boundary differs on every retry.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * false: the route ignores Idempotency-Key (its answer is a session change, not a record);
     * true on a PUT: the key is claimed as on a POST (the ERP's price list PUTs, docs/decisions/0231).
     */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotency: IdempotencyState | null;
  }
}

interface IdempotencyState {
  actor: string;
  key: string;
  /** Method, route, parameters and query: the body's digest is added to it. */
  requestBase: string;
  /** Set once this request owns the key; its answer is then kept (or the key given back). */
  claim: string | null;
}

export const IDEMPOTENCY_MESSAGES = {
  differentRequest: 'This Idempotency-Key was already used with a different request body.',
  inProgress: 'A request with this Idempotency-Key is still being processed. Retry it in a moment.',
} as const;

export const REPLAYED_HEADER = 'idempotent-replayed';
/** How long a retry waits for the first request's answer before it is told to come back. */
export const IN_PROGRESS_WAIT_MS = 10_000;
const POLL_MS = 50;

const WRITE_METHODS = new Set(['POST', 'PATCH']);

/** An answer that was kept: thrown from inside a handler (an upload) and sent by the error handler. */
export class ReplayedAnswer extends Error {
  constructor(readonly answer: StoredAnswer) {
    super('replayed');
  }
}

export function sendStoredAnswer(reply: FastifyReply, answer: StoredAnswer): FastifyReply {
  reply.code(answer.statusCode).header(REPLAYED_HEADER, 'true');
  if (answer.contentType) reply.header('content-type', answer.contentType);
  return reply.send(answer.body ?? undefined);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function headerKey(request: FastifyRequest): string | undefined {
  const header = request.headers[IDEMPOTENCY_HEADER];
  const parsed = idempotencyKeySchema.safeParse(Array.isArray(header) ? header[0] : header);
  if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Invalid Idempotency-Key');
  return parsed.data || undefined;
}

const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');

/**
 * The table holds the key's hash and the answer sealed (AES-256-GCM) with a key made from the
 * caller's Idempotency-Key: an answer can carry a secret shown once (a new API token), and only
 * its hash is kept anywhere else (ADR 0160). Whoever reads the table cannot open the answers.
 */
function sealKey(actor: string, key: string): Buffer {
  return createHash('sha256').update(`idempotency-answer\n${actor}\n${key}`).digest();
}

function seal(actor: string, key: string, body: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(actor, key), iv);
  const data = Buffer.concat([cipher.update(body, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64');
}

function unseal(actor: string, key: string, sealed: string): string {
  const bytes = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', sealKey(actor, key), bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}

export const idempotencyPlugin = fp(async (app: FastifyInstance, { db }: { db: Db }) => {
  app.decorateRequest('idempotency', null);

  /** Claims the key for this request, or answers it: replayed, 422, or 409 after waiting. */
  async function claimOrAnswer(state: IdempotencyState, bodyDigest: string): Promise<StoredAnswer | null> {
    // Keyed by the caller's key: a body can hold a password (POST /api/users), and a bare SHA-256 of it could be guessed.
    const requestHash = createHmac('sha256', sealKey(state.actor, state.key)).update(`${state.requestBase}\n${bodyDigest}`).digest('hex');
    const claim = randomUUID();
    const deadline = Date.now() + IN_PROGRESS_WAIT_MS;
    for (;;) {
      const outcome = await claimKey(db, state.actor, sha256(state.key), requestHash, claim);
      if (outcome.kind === 'claimed') {
        state.claim = claim;
        return null;
      }
      if (outcome.kind === 'different-request') throw new HttpError(422, IDEMPOTENCY_MESSAGES.differentRequest);
      if (outcome.kind === 'answered') {
        const { body } = outcome.answer;
        return { ...outcome.answer, body: body === null ? null : unseal(state.actor, state.key, body) };
      }
      if (Date.now() >= deadline) throw new HttpError(409, IDEMPOTENCY_MESSAGES.inProgress);
      await sleep(POLL_MS);
    }
  }

  app.addHook('preHandler', async (request, reply) => {
    const claimed = WRITE_METHODS.has(request.method) || (request.method === 'PUT' && request.routeOptions.config.idempotent === true);
    if (!claimed || !request.routeOptions.url?.startsWith('/api/')) return;
    if (request.routeOptions.config.idempotent === false) return;
    const key = headerKey(request);
    // Keys belong to a caller: without one (a public route) there is nobody to keep them for.
    if (key === undefined || !request.user) return;
    const state: IdempotencyState = {
      actor: request.apiToken ? `token:${request.apiToken.id}` : `user:${request.user.id}`,
      key,
      requestBase: `${request.method} ${request.routeOptions.url} ${JSON.stringify(request.params ?? {})} ${JSON.stringify(request.query ?? {})}`,
      claim: null,
    };
    request.idempotency = state;
    // The upload module claims once it has read the file (claimUpload).
    if (request.isMultipart()) return;
    const answer = await claimOrAnswer(state, JSON.stringify(request.body ?? null));
    if (answer) return sendStoredAnswer(reply, answer);
  });

  app.decorate('idempotencyClaimUpload', async (request: FastifyRequest, digest: string) => {
    const state = request.idempotency;
    if (!state || state.claim) return;
    const answer = await claimOrAnswer(state, digest);
    if (answer) throw new ReplayedAnswer(answer);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const state = request.idempotency;
    if (!state?.claim) return payload;
    const claim = state.claim;
    state.claim = null;
    const storable = typeof payload === 'string' || Buffer.isBuffer(payload) || payload == null;
    try {
      // Only a success is kept. A refusal changed nothing (every 4xx here leaves the data as it was), so the
      // key goes back and a retry is judged afresh: the PO cap freed, the body corrected (ADR 0182).
      if (reply.statusCode >= 400 || !storable) await releaseKey(db, state.actor, sha256(state.key), claim);
      else {
        const body = payload == null ? null : Buffer.isBuffer(payload) ? payload.toString('utf8') : payload;
        const contentType = reply.getHeader('content-type');
        await saveAnswer(db, state.actor, sha256(state.key), claim, {
          statusCode: reply.statusCode,
          contentType: typeof contentType === 'string' ? contentType : null,
          body: body === null ? null : seal(state.actor, state.key, body),
        });
      }
    } catch (error) {
      // The answer still goes out; at worst the key stays claimed until its lease runs out.
      request.log.warn({ err: error }, 'could not keep the Idempotency-Key answer');
    }
    return payload;
  });

  // A request that ended without an answer (the client went away mid-upload) gives its key back.
  app.addHook('onResponse', async (request) => {
    const state = request.idempotency;
    if (!state?.claim) return;
    await releaseKey(db, state.actor, sha256(state.key), state.claim).catch(() => {});
    state.claim = null;
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    idempotencyClaimUpload(request: FastifyRequest, digest: string): Promise<void>;
  }
}

/**
 * For the upload module: claims the request's Idempotency-Key on the uploaded bytes (a digest of the
 * file and the form's fields), once they are read and before anything is written. Throws
 * ReplayedAnswer for a retry (the error handler sends the kept answer), 422 or 409 as for JSON.
 */
export async function claimUpload(request: FastifyRequest, digest: string): Promise<void> {
  if (!request.idempotency) return;
  await request.server.idempotencyClaimUpload(request, digest);
}

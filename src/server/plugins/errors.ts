import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/http-error';
import { databaseUnavailable, isTransientConflict, redactForLog } from '../lib/pg-errors';
import { ReplayedAnswer, sendStoredAnswer } from './idempotency';

/** Seconds a client should wait before retrying when the database is down or slow. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
export const DATABASE_DOWN_MESSAGE = 'The portal cannot reach its database right now. Please try again in a moment.';
export const DATABASE_TIMEOUT_MESSAGE = 'The database is taking too long to answer. Please try again in a moment.';

/** Fastify's own client-error codes and the sentence we answer with. */
const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: 'Unsupported content type' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'The request is too large' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: 'The request body is empty' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'The request body is not valid JSON' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: 'Invalid Content-Length' },
  FST_REQ_FILE_TOO_LARGE: { status: 413, message: 'The file is too large' },
  FST_FILES_LIMIT: { status: 413, message: 'Too many files' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, message: 'Expected a multipart form upload' },
};

/** During an outage every request fails alike: one warning per interval, saying how many more there were. */
export const TRANSIENT_CONFLICT_MESSAGE = 'Another change to the same items was saved at the same moment, so nothing of yours was saved. Please try again.';

export const OUTAGE_LOG_INTERVAL_MS = 1_000;

function outageLogger() {
  let lastAt = -Infinity;
  let alike = 0;
  return (request: FastifyRequest, error: unknown, kind: 'down' | 'timeout') => {
    const now = Date.now();
    if (now - lastAt < OUTAGE_LOG_INTERVAL_MS) {
      alike += 1;
      return;
    }
    // The code and the redacted message say what happened; a stack per request says nothing more.
    const { stack: _stack, ...err } = redactForLog(error) as Record<string, unknown>;
    request.log.warn({ error: err, alikeSinceLastLine: alike }, `database ${kind}: answered 503`);
    lastAt = now;
    alike = 0;
  };
}

/**
 * Every error leaves as `{ message, errors? }` (docs/architecture.md, API conventions).
 * Bad input is a 4xx with the spec's sentence; only real faults are 500s, and
 * those never carry a stack or internal detail.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  const logOutage = outageLogger();
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // An upload retried with its Idempotency-Key: the first answer, not an error (ADR 0182).
    if (error instanceof ReplayedAnswer) return sendStoredAnswer(reply, error.answer);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replace(/\//g, '.'),
        message: v.message ?? 'Invalid value',
      }));
      return reply.code(400).send({ message: errors[0]?.message ?? 'Invalid request', errors });
    }
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send({ ...error.extra, message: error.message, ...(error.errors ? { errors: error.errors } : {}) });
    }
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) return reply.code(known.status).send({ message: known.message });
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return reply.code(500).send({ message: 'Something went wrong. Please try again.' });
    }
    // The database down, hung or cancelling a slow statement is not the request's fault: 503, try again later.
    const unavailable = databaseUnavailable(error);
    if (unavailable) {
      logOutage(request, error, unavailable);
      return reply
        .code(503)
        .header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ message: unavailable === 'down' ? DATABASE_DOWN_MESSAGE : DATABASE_TIMEOUT_MESSAGE });
    }
    // Rolled back whole by PostgreSQL against another writer: nothing saved, safe to send again.
    if (isTransientConflict(error)) {
      request.log.warn({ error: redactForLog(error) }, 'transaction rolled back by a conflict: answered 503');
      return reply.code(503).header('Retry-After', '1').send({ message: TRANSIENT_CONFLICT_MESSAGE });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.code(status).send({ message: error.message });
    // Database errors can carry query parameters (password hashes): logged without them.
    request.log.error({ err: redactForLog(error) }, 'unhandled error');
    return reply.code(500).send({ message: 'Something went wrong. Please try again.' });
  });
}

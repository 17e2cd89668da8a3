/**
 * Header names both sides use. Plain constants with no zod, so the client's fetch wrapper
 * (in every page's first download) does not pull the validation library in.
 */

/** Every write carries it (docs/product-decisions.md: a write without it gets 403). */
export const TIMESTAMP_HEADER = 'x-request-timestamp';
/** Cart writes may carry it; a repeated key replays the first answer (ADR 0060). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

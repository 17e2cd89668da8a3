import { z } from 'zod';

/** Every error body (DESIGN.md API conventions). */
export const errorBody = z.object({
  message: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const okBody = z.object({ ok: z.literal(true) });

export const idParams = z.object({ id: z.coerce.number().int().positive({ error: 'Invalid id' }) });

/** Request header the client sends on every call (docs/product-decisions.md: required on writes). */
export const TIMESTAMP_HEADER = 'x-request-timestamp';
export const IDEMPOTENCY_HEADER = 'idempotency-key';

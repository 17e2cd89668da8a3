import { z } from './zod';

/** Every error body (docs/architecture.md, API conventions). */
export const errorBody = z.object({
  message: z.string(),
  errors: z.optional(z.array(z.object({ path: z.string(), message: z.string() }))),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const okBody = z.object({ ok: z.literal(true) });

/** Ids are PostgreSQL `integer`s: a bigger number is not an id of ours, and a 400, never a 500. */
export const MAX_ID = 2_147_483_647;
export const idSchema = (message = 'Invalid id') =>
  z.coerce.number({ error: message }).check(z.int({ error: message }), z.positive({ error: message }), z.maximum(MAX_ID, { error: message }));
export const idParams = z.object({ id: idSchema() });

/**
 * An empty query parameter (`?status=`) means "not given". What classic zod's `preprocess` was:
 * zod/mini has no such function, and a transform piped into the schema is the same schema.
 */
export const blankAsMissing = <T extends z.ZodMiniType>(schema: T) => z.pipe(z.transform((v: unknown) => (v === '' ? undefined : v)), schema);

/**
 * Control characters (NUL and the rest of C0 except tab, line feed and carriage
 * return, and DEL) are never text a person typed; PostgreSQL refuses NUL outright.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
export const CONTROL_CHARACTERS_MESSAGE = 'Text may not contain control characters';
export const hasControlCharacters = (value: string) => CONTROL_CHARACTERS.test(value);
/** A string without control characters; every text field of a request is checked this way (plugins/input-rules). */
export const safeText = () => z.string().check(z.refine((v) => !hasControlCharacters(v), CONTROL_CHARACTERS_MESSAGE));

/** Request headers (docs/product-decisions.md); defined without zod for the client's first download. */
export { IDEMPOTENCY_HEADER, TIMESTAMP_HEADER } from '@common/domain/http-headers';

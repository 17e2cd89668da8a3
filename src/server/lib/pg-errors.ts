/**
 * PostgreSQL error codes we turn into answers. Drizzle wraps driver errors
 * (DrizzleQueryError) with the original in `cause`, so both are looked at.
 */
function pgCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A row points at one that is gone (e.g. a cart deleted in another tab). */
export const isForeignKeyViolation = (error: unknown) => pgCode(error) === '23503';

/** A unique index refused a second row (e.g. a replayed idempotency key). */
export const isUniqueViolation = (error: unknown) => pgCode(error) === '23505';

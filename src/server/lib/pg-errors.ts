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

/** A number past its column's range (e.g. a SKU's loads summed past an integer, migration 0020). */
export const isNumericOverflow = (error: unknown) => pgCode(error) === '22003';

/**
 * Two transactions waited on each other (deadlock, 40P01) or a serializable one lost (40001):
 * PostgreSQL rolled one back whole, so nothing of it was saved and the same request may simply
 * be sent again (docs/decisions/0207).
 */
export const isTransientConflict = (error: unknown) => {
  const code = pgCode(error);
  return code === '40P01' || code === '40001';
};

/** Quoted values and key values in PostgreSQL's own messages ("Key (username)=(bob) already exists"). */
function redactValues(text: string): string {
  return text.replace(/"[^"]*"/g, '"[redacted]"').replace(/=\([^)]*\)/g, '=([redacted])');
}

/**
 * A database error as it may be logged: Drizzle puts the query parameters
 * (password hashes, emails) into its message, and PostgreSQL quotes values in
 * its own. The SQL text and the error code stay; every value goes.
 */
export function redactForLog(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const query = (error as { query?: unknown }).query;
  const cause = (error as { cause?: unknown }).cause;
  const isDatabaseError = query !== undefined || pgCode(error) !== undefined;
  if (!isDatabaseError) return error;
  const withoutParams = (text: string) => redactValues(text.replace(/\nparams: [^\n]*/g, '\nparams: [redacted]'));
  return {
    type: error.name,
    message: withoutParams(error.message),
    code: pgCode(error),
    query: typeof query === 'string' ? query : undefined,
    cause: cause instanceof Error ? { type: cause.name, message: redactValues(cause.message) } : undefined,
    stack: error.stack ? withoutParams(error.stack) : undefined,
  };
}

/** Error codes meaning the database cannot be reached or stopped serving (not a fault of the request). */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '57P04', // database_dropped
  '57P05', // idle_session_timeout (the connection was closed)
  '53300', // too_many_connections
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
/** statement_timeout fired (57014), or an idle transaction was ended (25P03). */
const TIMEOUT_CODES = new Set(['57014', '25P03']);
const UNAVAILABLE_MESSAGES = /Connection terminated|not queryable|Connection ended unexpectedly/i;
const TIMEOUT_MESSAGES = /timeout exceeded when trying to connect|connection timeout|Query read timeout/i;

function anyCode(error: unknown, codes: Set<string>): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && codes.has(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

function anyMessage(error: unknown, pattern: RegExp): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; depth += 1) {
    if (e instanceof Error && pattern.test(e.message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Whether a failure is the database's, not the request's: 'down' (refused,
 * connection lost, shutting down) or 'timeout' (no connection in time, statement
 * cancelled). Requests answer 503 with Retry-After for either (ADR 0060).
 */
export function databaseUnavailable(error: unknown): 'down' | 'timeout' | undefined {
  if (anyCode(error, TIMEOUT_CODES) || anyMessage(error, TIMEOUT_MESSAGES)) return 'timeout';
  if (anyCode(error, UNAVAILABLE_CODES) || anyMessage(error, UNAVAILABLE_MESSAGES)) return 'down';
  return undefined;
}

import { z } from './zod';
import { blankAsMissing, MAX_ID } from './common';
import { isQueryDay, QUERY_MESSAGES } from './query-params';

/**
 * Page cursors (docs/decisions/0205-query-parameters-are-checked-before-any-work.md): a position in a
 * list written as base64url JSON, opaque to callers. The query parameter decodes it and checks it
 * against the list's own schema, so the route receives a typed position, and anything the portal
 * would not have written (bad base64, other JSON, wrong types, ids past PostgreSQL's integer,
 * impossible or far-off times, control characters) is a 400 before the list is read.
 */

const MAX_CURSOR_LENGTH = 200;
const BASE64URL = /^[A-Za-z0-9_-]*$/;

function fromBase64Url(text: string): string | undefined {
  if (!BASE64URL.test(text) || text.length % 4 === 1) return undefined;
  const padded = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  try {
    return atob(padded);
  } catch {
    return undefined;
  }
}

function parseJson(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Cursors hold only ASCII (numbers, stamps, booleans, null), so btoa's Latin-1 is enough. */
const toBase64Url = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

const STAMP = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?Z$/;

/** A UTC time as the portal writes one into a cursor, up to microseconds, on a day a query may name (isQueryDay). */
export const cursorStamp = () => z.string().check(z.refine((v) => STAMP.test(v) && isQueryDay(v.slice(0, 10))));

/** A row id inside a cursor: a PostgreSQL integer, 0 meaning "before the first". */
export const cursorId = () => z.int().check(z.minimum(0), z.maximum(MAX_ID));

/** One list's cursor: `encode` writes a position, `param` is the query parameter that reads one back. */
export function pageCursor<T>(position: z.ZodMiniType<T>) {
  const decode = (text: string): T | undefined => {
    const checked = position.safeParse(parseJson(fromBase64Url(text)));
    return checked.success ? checked.data : undefined;
  };
  return {
    encode: (value: T): string => toBase64Url(JSON.stringify(value)),
    decode,
    param: blankAsMissing(
      z.optional(
        z.pipe(
          z.string({ error: QUERY_MESSAGES.badCursor }).check(z.maxLength(MAX_CURSOR_LENGTH, { error: QUERY_MESSAGES.badCursor })),
          z.transform((text: string, ctx) => {
            const value = decode(text);
            if (value === undefined) ctx.issues.push({ code: 'custom', message: QUERY_MESSAGES.badCursor, input: text });
            return value as T;
          }),
        ),
      ),
    ),
  };
}

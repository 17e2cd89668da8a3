import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters } from '@common/contracts/common';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../lib/http-error';

/** True when any string in this query, params or JSON body value holds a control character. */
function containsControlCharacters(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return hasControlCharacters(value);
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) {
    for (const item of value) if (containsControlCharacters(item, depth + 1)) return true;
    return false;
  }
  // Keys and values both; a plain loop, as this runs on every request (no entries arrays to allocate).
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (hasControlCharacters(key) || containsControlCharacters((value as Record<string, unknown>)[key], depth + 1)) return true;
  }
  return false;
}

/**
 * Bounded input for every route at once: a NUL or other control character in
 * a query, path parameter or JSON body is a 400 before any schema or query sees
 * it (PostgreSQL refuses NUL in text, which was a 500). Ids are bounded to
 * PostgreSQL integers in the contracts (idSchema in @common/contracts/common).
 */
export function registerInputRules(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (containsControlCharacters(request.query) || containsControlCharacters(request.params) || containsControlCharacters(request.body)) {
      throw new HttpError(400, CONTROL_CHARACTERS_MESSAGE);
    }
  });
}

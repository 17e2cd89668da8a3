/**
 * The token of an `Authorization: Bearer <token>` header, '' for a Bearer header
 * without one, undefined when the request does not use the bearer scheme at all
 * (docs/decisions/0160). A browser never sends this header on its own, and a
 * cross-site page cannot add it without a CORS preflight we never grant, so a
 * bearer request needs no X-Request-Timestamp; it is also never given the
 * privileges of a cookie that comes with it.
 */
export function bearerToken(headers: Record<string, string | string[] | undefined>): string | undefined {
  const value = headers.authorization;
  if (typeof value !== 'string') return undefined;
  const match = /^Bearer(?:\s+(.*))?$/i.exec(value.trim());
  if (!match) return undefined;
  return match[1]?.trim() ?? '';
}

/**
 * The router decodes a path before matching it (`/%61pi/users` reaches `/api/users`),
 * so any rule that looks at the raw URL could be walked around by encoding it.
 * Requests for an API route must therefore spell the route's fixed words exactly as
 * declared: no percent-encoding, no other case, no `;` parameters, no extra or
 * missing segments. Only the `:param` segments may carry encoded characters (a
 * merchandise code may need them).
 */
export const NON_CANONICAL_PATH = 'The request path must be written as the API declares it (no encoded or altered letters)';

/** A file name under a wildcard route: plain letters, digits, `.`, `_` and `-`, never `.` or `..` alone. */
const PLAIN_FILE_SEGMENT = /^(?!\.{1,2}$)[\w.-]+$/;

function segmentMatches(word: string, segment: string): boolean {
  if (word.startsWith(':')) return segment.length > 0 && !segment.includes(';') && !/%2f|%5c/i.test(segment);
  return segment === word;
}

/** True when the raw path of a request spells the route pattern it was matched to. */
export function isCanonicalPath(rawUrl: string, routePattern: string): boolean {
  const rawPath = rawUrl.split('?')[0] ?? '';
  const raw = rawPath.split('/');
  const pattern = routePattern.split('/');
  if (pattern.at(-1) === '*') {
    // A static-file route (the API reference's assets, ADR 0176): its fixed words, then plain file names only.
    const fixed = pattern.length - 1;
    if (raw.length <= fixed) return false;
    return pattern.slice(0, fixed).every((word, i) => segmentMatches(word, raw[i] ?? '')) && raw.slice(fixed).every((s) => PLAIN_FILE_SEGMENT.test(s));
  }
  if (raw.length !== pattern.length) return false;
  return pattern.every((word, i) => segmentMatches(word, raw[i] ?? ''));
}

/**
 * Cursors the portal never issues (docs/decisions/0205-query-parameters-are-checked-before-any-work.md):
 * each must be a 400 with the page-link sentence, never a 500 and never a page.
 */
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
const json = (value: unknown) => b64(JSON.stringify(value));

/** Forgeries that are no list's cursor at all. */
export const FORGED_ANYWHERE: [string, string][] = [
  ['not base64url', 'no+such/cursor='],
  ['one character too many for base64', 'abcde'],
  ['not JSON', b64('hello')],
  ['an object', json({ id: 1 })],
  ['null', json(null)],
  ['an empty array', json([])],
  ['nested arrays', json([[[[[1]]]]])],
  ['longer than 200 characters', 'A'.repeat(201)],
];

const at = '2025-03-04T05:06:07.123456Z';

/** Forged order-feed positions: [updated_at as UTC microseconds, id]. */
export const FORGED_ORDER_CURSORS: [string, string][] = [
  ...FORGED_ANYWHERE,
  ['swapped types', json([1, at])],
  ['a stamp Date.parse reads as 2001', json(['1', 1])],
  ['30 February', json(['2025-02-30T00:00:00.000000Z', 1])],
  ['a NUL after the stamp', json([`${at}\u0000`, 1])],
  ['an id past integer', json([at, 2_147_483_648])],
  ['a huge id', json([at, 1e308])],
  ['a negative id', json([at, -1])],
  ['a fractional id', json([at, 1.5])],
  ['year 0', json(['0000-01-01T00:00:00.000000Z', 1])],
  ['year 9999', json(['9999-12-31T23:59:59.999999Z', 1])],
  ['a six-digit year', json(['+275760-09-13T00:00:00.000Z', 1])],
  ['an extra element', json([at, 1, 2])],
];

/** Forged product-page positions: [last id, updatedSince as UTC or null]. */
export const FORGED_PRODUCT_CURSORS: [string, string][] = [
  ...FORGED_ANYWHERE,
  ['an id as text', json(['1', null])],
  ['an id past integer', json([2_147_483_648, null])],
  ['a huge id', json([1e308, null])],
  ['a negative id', json([-1, null])],
  ['a since Date.parse reads as 2000', json([1, '0'])],
  ['a six-digit year', json([1, '+275760-09-13T00:00:00.000Z'])],
  ['before year 1', json([1, '-271821-04-20T00:00:00.000Z'])],
  ['a NUL after the since', json([1, `2025-03-04T05:06:07.123Z\u0000`])],
  ['30 February', json([1, '2025-02-30T00:00:00.000Z'])],
  ['an extra element', json([1, null, 3])],
];

import { describe, expect, it } from 'vitest';
import { z } from './zod';
import { cursorId, cursorStamp, pageCursor } from './page-cursor';
import { isQueryDay, isQueryInstant } from './query-params';

/** docs/decisions/0205: the days, instants and cursors a query may carry. */
describe('isQueryDay', () => {
  it.each(['1970-01-01', '2024-02-29', '2000-02-29', '2100-12-31', '2025-12-31'])('reads %s', (day) => expect(isQueryDay(day)).toBe(true));
  it.each(['1969-12-31', '2101-01-01', '0050-01-01', '9999-12-31', '2025-02-29', '2100-02-29', '2025-04-31', '2025-00-10', '2025-13-01', '2025-01-00', '2025-1-5', '+2025-01-01', '2025-01-01T00:00:00Z', ''])(
    'refuses %s',
    (day) => expect(isQueryDay(day)).toBe(false),
  );
});

describe('isQueryInstant', () => {
  it.each(['1970-01-01T00:00:00+14:00', '2100-12-31T23:59:59.999-12:00', '2025-01-31T09:00:00.123456Z'])('reads %s', (at) => expect(isQueryInstant(at)).toBe(true));
  it.each(['1969-12-31T09:59:59Z', '2101-01-01T12:00:01Z', '0000-01-01T00:00:00Z', '9999-12-31T23:59:59-14:00', 'yesterday'])('refuses %s', (at) =>
    expect(isQueryInstant(at)).toBe(false),
  );
});

describe('pageCursor', () => {
  const cursor = pageCursor(z.tuple([cursorStamp(), cursorId()]));

  it('reads back what it wrote, and the cursors written before it (Buffer base64url)', () => {
    const position: [string, number] = ['2026-11-23T09:14:02.123456Z', 412];
    expect(cursor.decode(cursor.encode(position))).toEqual(position);
    expect(cursor.encode(position)).toBe(Buffer.from(JSON.stringify(position)).toString('base64url'));
    expect(cursor.decode('WyIyMDI2LTExLTIzVDA5OjE0OjAyLjEyMzQ1NloiLDQxMl0')).toEqual(position);
  });

  it('is a query parameter that hands the route a typed position or a 400 sentence', () => {
    const query = z.object({ cursor: cursor.param });
    expect(query.parse({ cursor: cursor.encode(['2026-01-01T00:00:00.000000Z', 1]) })).toEqual({ cursor: ['2026-01-01T00:00:00.000000Z', 1] });
    expect(query.parse({ cursor: '' })).toEqual({ cursor: undefined });
    const refused = query.safeParse({ cursor: 'no+such/cursor=' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]).toMatchObject({ path: ['cursor'], message: 'The page link is not valid; start again from the first page' });
  });
});

import { describe, expect, it } from 'vitest';
import { createUser, TestClient, useTestApp } from '../../../../test/api';

/** docs/decisions/0205: the activity log's time range is checked before the log is read. */
const ctx = useTestApp();

async function admin() {
  return new TestClient(ctx.app).signInAs(await createUser(ctx.db, { role: 'admin' }), 'admin');
}

describe('activity log date parameters', () => {
  it.each([
    ['from=0000-01-01T00:00:00Z', 'from'],
    ['to=0000-12-31T23:59:59Z', 'to'],
    ['to=9999-12-31T23:59:59-14:00', 'to'],
    ['from=1969-12-30T00:00:00Z', 'from'],
    ['from=2025-02-30T00:00:00Z', 'from'],
  ])('%s is a 400 naming %s, on the list and the export', async (query, path) => {
    const c = await admin();
    for (const url of [`/api/admin/activity-logs?${query}`, `/api/admin/activity-logs/export?${query}`]) {
      const response = await c.get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().errors?.[0]?.path).toBe(path);
      expect(response.json().message).toMatch(new RegExp(`^${path} must be`));
    }
  });

  it('reads local midnight of the first day and the end of the last day, in any time zone', async () => {
    const c = await admin();
    const from = encodeURIComponent('1970-01-01T00:00:00+14:00');
    const to = encodeURIComponent('2100-12-31T23:59:59.999-12:00');
    expect((await c.get(`/api/admin/activity-logs?from=${from}&to=${to}`)).statusCode).toBe(200);
  });
});

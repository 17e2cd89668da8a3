import { describe, expect, it } from 'vitest';
import { addPublicHolidaysResponse } from '@common/contracts/calendar';
import { todayIn } from '@common/domain/business-days';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { publicHolidays } from '../../lib/public-holidays';

/** ADR 0192: one click adds a country's public holidays (date-holidays) for this year and next. */
const ctx = useTestApp();

async function admin(role: 'admin' | 'salesperson' = 'admin') {
  return new TestClient(ctx.app).signInAs(await createUser(ctx.db, { role: 'admin' }), role);
}

describe('public holidays', () => {
  it('come from date-holidays, public ones only, by day', () => {
    const us = publicHolidays('US', [2026]);
    expect(us).toContainEqual({ day: '2026-11-26', name: 'Thanksgiving Day' });
    expect(us).toContainEqual({ day: '2026-12-25', name: 'Christmas Day' });
    // Observances are not closing days.
    expect(us.find((h) => /Valentine/.test(h.name))).toBeUndefined();
    expect(publicHolidays('DE', [2026])).toContainEqual({ day: '2026-10-03', name: 'Tag der Deutschen Einheit' });
  });

  it('are added for this year and next in one click; a second click adds nothing', async () => {
    const client = await admin();
    const year = Number(todayIn().slice(0, 4));
    const first = await client.post('/api/closed-days/public-holidays', {});
    expect(first.statusCode, first.body).toBe(200);
    const body = addPublicHolidaysResponse.parse(first.json());
    expect(body.years).toEqual([year, year + 1]);
    const days = body.added.map((d) => d.day);
    expect(days).toContain(publicHolidays('US', [year]).find((h) => h.name === 'Thanksgiving Day')!.day);
    expect(days).toContain(`${year + 1}-12-25`);

    const listed = (await client.get('/api/closed-days')).json() as { day: string; name: string }[];
    expect(listed).toContainEqual({ day: `${year + 1}-12-25`, name: 'Christmas Day' });

    const again = addPublicHolidaysResponse.parse((await client.post('/api/closed-days/public-holidays', { country: 'US' })).json());
    expect(again.added).toEqual([]);
    expect(again.alreadyClosed).toBe(body.added.length);
  });

  it('keeps a day an admin already named, and takes the country the admin chose', async () => {
    const client = await admin();
    const year = Number(todayIn().slice(0, 4));
    await client.post('/api/closed-days', { day: `${year + 1}-10-03`, name: 'Inventory' });
    const added = addPublicHolidaysResponse.parse((await client.post('/api/closed-days/public-holidays', { country: 'de' })).json());
    expect(added.added.map((d) => d.day)).not.toContain(`${year + 1}-10-03`);
    const listed = (await client.get('/api/closed-days')).json() as { day: string; name: string }[];
    expect(listed).toContainEqual({ day: `${year + 1}-10-03`, name: 'Inventory' });
    expect(listed).toContainEqual({ day: `${year + 1}-05-01`, name: 'Maifeiertag' });
  });

  it('refuses an unknown country and anyone but an admin acting as admin', async () => {
    const client = await admin();
    const unknown = await client.post('/api/closed-days/public-holidays', { country: 'XX' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Public holidays are not known for that country');
    expect((await (await admin('salesperson')).post('/api/closed-days/public-holidays', {})).statusCode).toBe(403);
    const countries = (await client.get('/api/closed-days/holiday-countries')).json() as { code: string; name: string }[];
    expect(countries).toContainEqual({ code: 'US', name: 'United States of America' });
  });
});

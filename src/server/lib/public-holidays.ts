import Holidays from 'date-holidays';

/**
 * Public holidays from the maintained `date-holidays` package (ADR 0192), for the warehouse
 * calendar's one-click "Add public holidays" and the demo data. Only `public` holidays: bank
 * holidays, observances and optional days are not days a warehouse closes by law.
 */
export function publicHolidays(country: string, years: readonly number[]): { day: string; name: string }[] {
  const calendar = new Holidays(country);
  const days = new Map<string, string>();
  for (const year of years) {
    for (const holiday of calendar.getHolidays(year) || []) {
      if (holiday.type !== 'public') continue;
      const day = holiday.date.slice(0, 10);
      // Two holidays on one day (rare) share the row: the first name is kept.
      if (!days.has(day)) days.set(day, holiday.name.slice(0, 100));
    }
  }
  return [...days].map(([day, name]) => ({ day, name })).sort((a, b) => a.day.localeCompare(b.day));
}

/** Countries the package knows, by ISO code, named in English, sorted by name. */
export function holidayCountries(): { code: string; name: string }[] {
  const countries = new Holidays().getCountries('en') as Record<string, string>;
  return Object.entries(countries)
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export function isHolidayCountry(code: string): boolean {
  return Object.hasOwn(new Holidays().getCountries('en') as Record<string, string>, code);
}

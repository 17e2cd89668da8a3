const format = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });

/** A date-time for the integration screens; `fallback` for none. */
export function when(iso: string | null, fallback = '—'): string {
  return iso ? format.format(new Date(iso)) : fallback;
}

import { formatTimestamp } from '@common/domain/format-date';

/** A date-time for the integration screens; `fallback` for none. */
export function when(iso: string | null, fallback = '—'): string {
  return iso ? formatTimestamp(iso) : fallback;
}

/** Spec §2: "Last Updated" on the Check Stock tile, formatted like "Mon 3/4, 2:05 PM". */
export function formatLastUpdated(iso: string | null | undefined, timeZone?: string): string {
  if (!iso) return 'No update history';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'No update history';
  const parts = new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZone,
  }).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('weekday')} ${get('month')}/${get('day')}, ${get('hour')}:${get('minute')} ${get('dayPeriod').toUpperCase()}`;
}

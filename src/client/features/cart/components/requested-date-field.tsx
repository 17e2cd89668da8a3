import { CalendarClock } from 'lucide-react';
import { useId, useMemo } from 'react';
import type { ClosedDayView } from '@common/contracts/calendar';
import { isoDateOfLocal, isUnavailableRequestedDate, localDateOf, type IsoDate } from '@common/domain/business-days';
import { formatCalendarDate } from '@common/domain/format-date';
import { Calendar } from '@client/components/ui/calendar';

/**
 * Requested date: weekends, the warehouse's closed days (ADR 0054) and every
 * day before the earliest date (three business days after the server's today) cannot
 * be picked; the server checks the same rule with the same function.
 * The notice is a neutral hint; it turns red only when the chosen date breaks the rule (a date
 * kept from another day that is now too soon), never before anything is wrong (docs/decisions/0213).
 */
export function RequestedDateField({
  label,
  today,
  earliest,
  closedDays,
  value,
  onChange,
  error,
  notice,
}: {
  label: string;
  today: IsoDate;
  earliest: IsoDate;
  closedDays: ClosedDayView[];
  value: IsoDate | null;
  onChange: (date: IsoDate | null) => void;
  error?: string;
  /** The rule in words ("three business days' notice"), shown beside the calendar. */
  notice?: string;
}) {
  const id = useId();
  const closed = useMemo(() => new Set(closedDays.map((d) => d.day)), [closedDays]);
  const upcoming = closedDays.slice(0, 3);
  const broken = value !== null && isUnavailableRequestedDate(value, today, closed);
  return (
    <div className="grid gap-2">
      <span id={`${id}-label`} className="text-sm leading-none font-medium">
        {label}
      </span>
      {notice && (
        <p
          className={broken ? 'flex gap-2 text-sm font-medium text-destructive' : 'flex gap-2 text-sm text-muted-foreground'}
          role={broken ? 'alert' : undefined}
          data-testid="requested-date-notice"
        >
          <CalendarClock aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>{broken && value ? `${formatCalendarDate(value)} can no longer be requested. ${notice}` : notice}</span>
        </p>
      )}
      <p id={`${id}-value`} className="text-sm text-muted-foreground" aria-live="polite">
        {value ? (
          <>
            Selected: <span className="font-medium text-foreground">{formatCalendarDate(value)}</span>
          </>
        ) : (
          `Choose a weekday from ${formatCalendarDate(earliest)} on.`
        )}
      </p>
      <div className="w-fit rounded-md border border-input bg-surface p-2">
        <Calendar
          mode="single"
          aria-labelledby={`${id}-label`}
          today={localDateOf(today)}
          defaultMonth={localDateOf(value ?? earliest)}
          startMonth={localDateOf(today)}
          selected={value ? localDateOf(value) : undefined}
          onSelect={(date) => onChange(date ? isoDateOfLocal(date) : null)}
          disabled={(date) => isUnavailableRequestedDate(isoDateOfLocal(date), today, closed)}
        />
      </div>
      {upcoming.length > 0 && (
        <p className="text-sm text-muted-foreground">
          Warehouse closed: {upcoming.map((d) => `${formatCalendarDate(d.day)} (${d.name})`).join(', ')}
        </p>
      )}
      {error && <p className="text-sm font-medium text-destructive">{error}</p>}
    </div>
  );
}

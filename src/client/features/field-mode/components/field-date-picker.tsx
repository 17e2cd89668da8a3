import { useId, useMemo } from 'react';
import type { RequestedDatesResponse } from '@common/contracts/orders';
import { isoDateOfLocal, isUnavailableRequestedDate, localDateOf } from '@common/domain/business-days';
import { formatCalendarDate } from '@common/domain/format-date';
import { Calendar } from '@client/components/ui/calendar';

/**
 * The field sample order's requested date (docs/decisions/0234): the checkout's rule, weekends, the
 * warehouse's closed days and every day before the earliest greyed, from the requested dates and
 * closed days kept on the device, so the picker refuses a closed day offline too.
 */
export function FieldDatePicker({ dates, value, onChange }: { dates: RequestedDatesResponse; value: string; onChange: (date: string) => void }) {
  const id = useId();
  const closed = useMemo(() => new Set(dates.closedDays.map((d) => d.day)), [dates.closedDays]);
  const upcoming = dates.closedDays.filter((d) => d.day >= dates.today).slice(0, 3);
  return (
    <div className="grid gap-2">
      <span id={`${id}-label`} className="text-sm leading-none font-medium">
        Requested date
      </span>
      <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="field-requested-date">
        {value ? (
          <>
            Selected: <span className="font-medium text-foreground">{formatCalendarDate(value)}</span>
          </>
        ) : (
          `Choose a weekday from ${formatCalendarDate(dates.earliest)} on.`
        )}
      </p>
      <div className="w-fit rounded-md border border-input bg-surface p-2">
        <Calendar
          mode="single"
          aria-labelledby={`${id}-label`}
          today={localDateOf(dates.today)}
          defaultMonth={localDateOf(value || dates.earliest)}
          startMonth={localDateOf(dates.today)}
          selected={value ? localDateOf(value) : undefined}
          onSelect={(date) => date && onChange(isoDateOfLocal(date))}
          disabled={(date) => isUnavailableRequestedDate(isoDateOfLocal(date), dates.today, closed)}
        />
      </div>
      {upcoming.length > 0 && (
        <p className="text-sm text-muted-foreground">Warehouse closed: {upcoming.map((d) => `${formatCalendarDate(d.day)} (${d.name})`).join(', ')}</p>
      )}
    </div>
  );
}

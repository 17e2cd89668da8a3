import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ComponentProps } from 'react';
import { DayPicker, type Modifiers } from 'react-day-picker';
import { formatWeekdayLongDate } from '@common/domain/format-date';
import { cn } from '@client/lib/utils';

/**
 * "Tuesday, December 1, 2026": the day's number as shown on the button (react-day-picker's
 * default "December 1st" does not contain the visible "1", which axe reports as
 * label-content-name-mismatch on every day).
 */
export function dayButtonLabel(date: Date, modifiers: Modifiers): string {
  const name = formatWeekdayLongDate(date);
  return `${modifiers.today ? 'Today, ' : ''}${name}${modifiers.selected ? ', selected' : ''}`;
}

/**
 * react-day-picker styled with the theme (shadcn's calendar pattern). Day
 * buttons are 44px on phones (docs/ui-rules.md, Touch targets); disabled days are greyed
 * and struck through so the difference never rests on colour alone.
 */
export function Calendar({ className, classNames, ...props }: ComponentProps<typeof DayPicker>) {
  return (
    <DayPicker
      className={cn('relative w-fit', className)}
      classNames={{
        months: 'flex flex-col gap-4',
        month: 'flex flex-col gap-2',
        month_caption: 'flex h-11 items-center px-2 text-sm font-semibold md:h-10',
        caption_label: 'text-sm font-semibold',
        nav: 'absolute top-0 right-0 flex items-center gap-1',
        button_previous:
          'inline-flex size-11 cursor-pointer items-center justify-center rounded-md hover:bg-muted disabled:pointer-events-none disabled:opacity-40 aria-disabled:pointer-events-none aria-disabled:opacity-40 md:size-10',
        button_next:
          'inline-flex size-11 cursor-pointer items-center justify-center rounded-md hover:bg-muted disabled:pointer-events-none disabled:opacity-40 aria-disabled:pointer-events-none aria-disabled:opacity-40 md:size-10',
        month_grid: 'border-collapse',
        weekdays: 'flex',
        weekday: 'w-11 text-center text-xs font-medium text-muted-foreground md:w-10',
        week: 'mt-1 flex',
        day: 'size-11 p-0 text-center text-sm md:size-10',
        day_button:
          'nums inline-flex size-11 cursor-pointer items-center justify-center rounded-md hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring md:size-10',
        selected: '[&>button]:bg-accent [&>button]:font-semibold [&>button]:text-accent-foreground [&>button]:hover:bg-accent-hover',
        today: '[&>button]:underline [&>button]:decoration-2 [&>button]:underline-offset-4',
        outside: 'text-muted-foreground/60',
        disabled: '[&>button]:cursor-not-allowed [&>button]:text-muted-foreground/50 [&>button]:line-through [&>button]:hover:bg-transparent',
        hidden: 'invisible',
        ...classNames,
      }}
      labels={{ labelDayButton: dayButtonLabel }}
      components={{
        Chevron: ({ orientation }) =>
          orientation === 'left' ? <ChevronLeft className="size-4" aria-hidden /> : <ChevronRight className="size-4" aria-hidden />,
      }}
      {...props}
    />
  );
}

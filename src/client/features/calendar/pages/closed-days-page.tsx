import { zodResolver } from '@hookform/resolvers/zod';
import { ChevronDown, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { CurrentUser } from '@common/contracts/auth';
import { createClosedDayBody, type CreateClosedDayBody } from '@common/contracts/calendar';
import { formatCalendarDate } from '@common/domain/format-date';
import { applyFieldErrors } from '@client/lib/apply-field-errors';
import { errorMessage } from '@client/lib/api-client';
import { LoadingState } from '@client/components/loading-state';
import { Page } from '@client/components/page-frame';
import { UnauthorizedPage } from '@client/components/unauthorized-page';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { toast } from '@client/components/ui/use-toast';
import { useRequestedDates } from '@client/api/get-requested-dates';
import type { ClosedDayView } from '@common/contracts/calendar';
import { useAddClosedDay } from '../api/add-closed-day';
import { useClosedDays } from '../api/get-closed-days';
import { useRemoveClosedDay } from '../api/remove-closed-day';
import { PublicHolidaysCard } from '../components/public-holidays-card';

/**
 * /admin/closed-days (ADR 0054): the days the warehouse is closed besides weekends.
 * The requested-date rule skips them on the server and in both checkouts' date pickers
 * (sample orders and purchase orders). Today and later days are listed; past ones wait
 * behind "Show past" (docs/decisions/0212).
 */
export function ClosedDaysPage({ user }: { user: CurrentUser }) {
  if (user.activeRole !== 'admin') return <UnauthorizedPage />;
  return <ClosedDaysScreen />;
}

function ClosedDaysScreen() {
  const days = useClosedDays();
  // The business's today, not the browser's (docs/decisions/0042).
  const today = useRequestedDates();
  const add = useAddClosedDay();
  const form = useForm<CreateClosedDayBody>({ resolver: zodResolver(createClosedDayBody), defaultValues: { day: '', name: '' } });

  const submit = form.handleSubmit(async (body) => {
    try {
      await add.mutateAsync(body);
      toast({ title: 'Closed day added', description: `${formatCalendarDate(body.day)}: ${body.name}`, variant: 'success' });
      form.reset({ day: '', name: '' });
    } catch (error) {
      if (!applyFieldErrors(error, ['day', 'name'], form.setError)) {
        toast({ title: 'Could not add the day', description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
      }
    }
  });

  return (
    <Page
      title="Warehouse Calendar"
      description="Days the warehouse is closed besides weekends. Sample orders and purchase orders cannot ask for them as pickup or delivery dates, and they do not count toward the three business days' notice."
    >
      <Card>
        <CardHeader>
          <CardTitle>Add a closed day</CardTitle>
        </CardHeader>
        <CardContent>
          <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-[12rem_1fr_auto] sm:items-start">
            <FormField label="Date" error={form.formState.errors.day?.message}>
              {(control) => <Input {...control} type="date" {...form.register('day')} />}
            </FormField>
            <FormField label="Name" error={form.formState.errors.name?.message}>
              {(control) => <Input {...control} placeholder="Thanksgiving" maxLength={100} autoComplete="off" {...form.register('name')} />}
            </FormField>
            <Button type="submit" loading={add.isPending} className="sm:mt-6">
              Add
            </Button>
          </form>
        </CardContent>
      </Card>
      <PublicHolidaysCard />
      {days.isPending || today.isPending ? (
        <LoadingState>Loading closed days...</LoadingState>
      ) : days.isError || today.isError ? (
        <div role="alert" className="grid gap-2">
          <p className="text-sm text-destructive">{errorMessage(days.error ?? today.error, 'Could not load the closed days.')}</p>
          <Button
            variant="outline"
            size="sm"
            className="justify-self-start"
            onClick={() => void Promise.all([days.refetch(), today.refetch()])}
            loading={days.isFetching || today.isFetching}
          >
            Retry
          </Button>
        </div>
      ) : (
        <ClosedDayLists days={days.data} today={today.data.today} />
      )}
    </Page>
  );
}

/** Today and later closed days; past ones behind "Show past", newest first. */
function ClosedDayLists({ days, today }: { days: ClosedDayView[]; today: string }) {
  const [showPast, setShowPast] = useState(false);
  // ISO dates compare as text.
  const coming = days.filter((d) => d.day >= today);
  const past = days.filter((d) => d.day < today).reverse();
  return (
    <div className="grid gap-4">
      <section aria-labelledby="coming-closed-days" className="grid gap-2">
        <h2 id="coming-closed-days" className="text-base font-semibold">
          Coming up
        </h2>
        {coming.length === 0 ? (
          <p className="rounded-card border border-dashed border-border px-4 py-10 text-center text-muted-foreground">
            No closed days from today on. Add the holidays the warehouse closes for.
          </p>
        ) : (
          <ClosedDayList days={coming} label="Closed days from today on" />
        )}
      </section>
      {past.length > 0 && (
        <section aria-label="Past closed days" className="grid gap-2">
          <Button variant="ghost" className="justify-self-start" aria-expanded={showPast} aria-controls="past-closed-days" onClick={() => setShowPast(!showPast)}>
            <ChevronDown aria-hidden className={showPast ? 'rotate-180 transition-transform' : 'transition-transform'} />
            {showPast ? 'Hide past' : 'Show past'} ({past.length})
          </Button>
          {showPast && <ClosedDayList id="past-closed-days" days={past} label="Past closed days" />}
        </section>
      )}
    </div>
  );
}

function ClosedDayList({ days, label, id }: { days: ClosedDayView[]; label: string; id?: string }) {
  const remove = useRemoveClosedDay();
  return (
    <ul id={id} className="divide-y divide-border rounded-card border border-border bg-surface shadow-xs" aria-label={label}>
      {days.map((d) => (
        <li key={d.day} className="flex items-center gap-3 px-4 py-3">
          {/* On a phone the name goes under the date and wraps: holiday names are long ("Martin Luther King Jr. Day"). */}
          <div className="flex min-w-0 flex-1 flex-col sm:flex-row sm:items-center sm:gap-3">
            <span className="nums shrink-0 font-medium sm:w-40">{formatCalendarDate(d.day)}</span>
            <span className="min-w-0 break-words text-muted-foreground sm:text-foreground">{d.name}</span>
          </div>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Remove ${d.name}, ${formatCalendarDate(d.day)}`}
            loading={remove.isPending && remove.variables === d.day}
            onClick={() =>
              remove.mutate(d.day, {
                onError: (error) => toast({ title: 'Could not remove the day', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
              })
            }
          >
            <Trash2 aria-hidden />
          </Button>
        </li>
      ))}
    </ul>
  );
}

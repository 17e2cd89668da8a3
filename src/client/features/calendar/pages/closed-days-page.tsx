import { zodResolver } from '@hookform/resolvers/zod';
import { Trash2 } from 'lucide-react';
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
import { useAddClosedDay } from '../api/add-closed-day';
import { useClosedDays } from '../api/get-closed-days';
import { useRemoveClosedDay } from '../api/remove-closed-day';
import { PublicHolidaysCard } from '../components/public-holidays-card';

/**
 * /admin/closed-days (ADR 0054): the days the warehouse is closed besides weekends.
 * The requested-date rule skips them on the server and in the checkout's date picker.
 */
export function ClosedDaysPage({ user }: { user: CurrentUser }) {
  if (user.activeRole !== 'admin') return <UnauthorizedPage />;
  return <ClosedDaysScreen />;
}

function ClosedDaysScreen() {
  const days = useClosedDays();
  const add = useAddClosedDay();
  const remove = useRemoveClosedDay();
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
    <Page title="Warehouse Calendar" description="Sample orders cannot ask for these days, and they do not count toward the three business days' notice.">
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
      {days.isPending ? (
        <LoadingState>Loading closed days...</LoadingState>
      ) : days.isError ? (
        <div role="alert" className="grid gap-2">
          <p className="text-sm text-destructive">{errorMessage(days.error, 'Could not load the closed days.')}</p>
          <Button variant="outline" size="sm" className="justify-self-start" onClick={() => void days.refetch()} loading={days.isFetching}>
            Retry
          </Button>
        </div>
      ) : days.data.length === 0 ? (
        <p className="rounded-card border border-dashed border-border px-4 py-10 text-center text-muted-foreground">
          No closed days yet. Add the holidays the warehouse closes for.
        </p>
      ) : (
        <ul className="divide-y divide-border rounded-card border border-border bg-surface shadow-xs" aria-label="Closed days">
          {days.data.map((d) => (
            <li key={d.day} className="flex items-center gap-3 px-4 py-3">
              {/* On a phone the name goes under the date and wraps: holiday names are long ("Martin Luther King Jr. Day"). */}
              <div className="flex min-w-0 flex-1 flex-col sm:flex-row sm:items-center sm:gap-3">
                <span className="nums shrink-0 font-medium sm:w-40">{formatCalendarDate(d.day)}</span>
                <span className="min-w-0 break-words text-muted-foreground sm:text-foreground">{d.name}</span>
              </div>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove ${d.name}`}
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
      )}
    </Page>
  );
}

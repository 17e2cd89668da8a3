import { useState } from 'react';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Label } from '@client/components/ui/label';
import { NativeSelect } from '@client/components/ui/native-select';
import { toast } from '@client/components/ui/use-toast';
import { errorMessage } from '@client/lib/api-client';
import { useAddPublicHolidays } from '../api/add-public-holidays';
import { useHolidayCountries } from '../api/get-holiday-countries';

/** ADR 0192: one click adds the chosen country's public holidays for this year and next (default US). */
export function PublicHolidaysCard() {
  const countries = useHolidayCountries();
  const add = useAddPublicHolidays();
  const [country, setCountry] = useState('US');
  const run = () =>
    add.mutate(
      { country },
      {
        onSuccess: (result) =>
          toast({
            title: 'Public holidays added',
            description:
              result.added.length === 0
                ? `Every public holiday of ${result.years.join(' and ')} was already in the list.`
                : `${result.added.length} closed day${result.added.length === 1 ? '' : 's'} added for ${result.years.join(' and ')}${result.alreadyClosed > 0 ? ` (${result.alreadyClosed} already listed)` : ''}.`,
            variant: 'success',
          }),
        onError: (error) => toast({ title: 'Could not add the holidays', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
      },
    );
  return (
    <Card>
      <CardHeader>
        <CardTitle>Public holidays</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 sm:grid-cols-[16rem_auto] sm:items-end">
        <div className="grid gap-1.5">
          <Label htmlFor="holiday-country">Country</Label>
          <NativeSelect id="holiday-country" value={country} onChange={(e) => setCountry(e.target.value)} disabled={!countries.isSuccess}>
            {countries.isSuccess ? (
              countries.data.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))
            ) : (
              <option value="US">United States of America</option>
            )}
          </NativeSelect>
        </div>
        <Button variant="outline" className="sm:justify-self-start" onClick={run} loading={add.isPending} loadingText="Adding…">
          Add public holidays
        </Button>
        <p className="text-sm text-muted-foreground sm:col-span-2">
          Adds this year&apos;s and next year&apos;s public holidays as closed days. Days already listed keep their name; remove any the warehouse works.
        </p>
      </CardContent>
    </Card>
  );
}

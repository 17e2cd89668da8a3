import { useId, useState, type FormEvent } from 'react';
import type { QuoteView } from '@common/contracts/quotes';
import { isUnavailableRequestedDate, type IsoDate } from '@common/domain/business-days';
import { formatCalendarDate } from '@common/domain/format-date';
import { formatPrice } from '@common/domain/money';
import { isOneOf } from '@common/domain/one-of';
import { DELIVERY_LABELS, DELIVERY_TYPES, requestedDateLabel, type DeliveryType } from '@common/domain/order-status';
import { useRequestedDates } from '@client/api/get-requested-dates';
import { errorMessage } from '@client/lib/api-client';
import { Alert, AlertDescription } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { NativeSelect } from '@client/components/ui/native-select';
import { RadioGroup, RadioGroupItem } from '@client/components/ui/radio-group';
import { useOrderFromQuote, useQuoteShipToLocations } from '../api/quotes';

/**
 * "Order from this quote" (docs/decisions/0237, 0242): how many boxes of each line this phase takes, at
 * the quoted prices, from the held lot first, and the checkout's delivery choices: pickup, or shipped to
 * one of the company's saved locations (else the store address), with an optional requested date that
 * follows the checkout's business-day and closed-day rule. Blank or 0 leaves a line for a later phase.
 */
export function OrderFromQuote({ quote, onPlaced }: { quote: QuoteView; onPlaced: (orderId: number) => void }) {
  const order = useOrderFromQuote(quote.id);
  const open = quote.lines.filter((l) => l.quantity > l.quantityUsed);
  const [amounts, setAmounts] = useState<Record<number, string>>({});
  const [poReference, setPoReference] = useState('');
  const [delivery, setDelivery] = useState<DeliveryType>('pickup');
  const locations = useQuoteShipToLocations();
  const [locationId, setLocationId] = useState<string>('');
  const chosenLocation = locationId || String(locations.data?.find((l) => l.isDefault)?.id ?? locations.data?.[0]?.id ?? '');
  const dates = useRequestedDates();
  const [date, setDate] = useState('');
  const closed = new Set(dates.data?.closedDays.map((d) => d.day) ?? []);
  const dateProblem =
    date && dates.data && isUnavailableRequestedDate(date as IsoDate, dates.data.today, closed)
      ? `${formatCalendarDate(date)} cannot be requested: choose a weekday the warehouse is open, from ${formatCalendarDate(dates.data.earliest)} on.`
      : undefined;
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    if (dateProblem) return;
    const lines = open.map((l) => ({ quoteLineId: l.id, quantity: Number(amounts[l.id] || 0) }));
    const where = delivery === 'ship' ? { deliveryType: 'ship' as const, locationId: chosenLocation ? Number(chosenLocation) : null } : { deliveryType: 'pickup' as const };
    order.mutate(
      { lines, poReference: poReference || null, ...where, requestedDate: date || null },
      { onSuccess: (placed) => onPlaced(placed.id), onError: (error) => setProblem(errorMessage(error, 'Please try again.')) },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Order from this quote</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          {open.map((line) => (
            <FormField
              key={line.id}
              label={`${line.productName} (SKU ${line.productId})`}
              hint={`${line.quantity - line.quantityUsed} boxes left at ${formatPrice(line.quotedPrice)}${line.heldBoxes > 0 ? `, ${line.heldBoxes} held in lot ${line.heldLot}` : ''}`}
            >
              {(control) => (
                <Input {...control} inputMode="numeric" placeholder="0" className="max-w-40" value={amounts[line.id] ?? ''} onChange={(e) => setAmounts({ ...amounts, [line.id]: e.target.value })} />
              )}
            </FormField>
          ))}
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Delivery</legend>
            <RadioGroup value={delivery} onValueChange={(v) => isOneOf(DELIVERY_TYPES, v) && setDelivery(v)} className="flex flex-wrap gap-2">
              {DELIVERY_TYPES.map((type) => (
                <Label
                  key={type}
                  htmlFor={`${id}-delivery-${type}`}
                  className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-input px-4 has-[[data-state=checked]]:border-accent has-[[data-state=checked]]:bg-accent-soft/50"
                >
                  <RadioGroupItem id={`${id}-delivery-${type}`} value={type} />
                  {DELIVERY_LABELS[type]}
                </Label>
              ))}
            </RadioGroup>
          </fieldset>
          {delivery === 'ship' &&
            (locations.data && locations.data.length > 0 ? (
              <FormField label="Ship to" hint="One of your company's saved ship-to locations.">
                {(control) => (
                  <NativeSelect {...control} className="max-w-md" value={chosenLocation} onChange={(e) => setLocationId(e.target.value)}>
                    {locations.data.map((l) => (
                      <option key={l.id} value={l.id}>
                        {l.name}: {l.text}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </FormField>
            ) : (
              <p className="text-sm text-muted-foreground">Your company has no saved ship-to locations: the order ships to your store address.</p>
            ))}
          <FormField
            label={`${requestedDateLabel(delivery)} (optional)`}
            error={dateProblem}
            hint={dates.data ? `A weekday the warehouse is open, from ${formatCalendarDate(dates.data.earliest)} on.` : undefined}
          >
            {(control) => <Input {...control} type="date" className="max-w-48" min={dates.data?.earliest} value={date} onChange={(e) => setDate(e.target.value)} />}
          </FormField>
          <FormField label="PO reference" hint="Your job or phase reference; the project name when blank.">
            {(control) => <Input {...control} className="max-w-80" value={poReference} onChange={(e) => setPoReference(e.target.value)} />}
          </FormField>
          {problem && (
            <Alert variant="destructive" role="alert">
              <AlertDescription>{problem}</AlertDescription>
            </Alert>
          )}
          <div className="flex justify-end">
            <Button type="submit" loading={order.isPending} loadingText="Placing...">
              Place order
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

import { CircleCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { QuoteView } from '@common/contracts/quotes';
import { addDays, todayIn } from '@common/domain/business-days';
import { formatDay } from '@common/domain/format-date';
import { MAX_HOLD_DAYS, QUOTE_MESSAGES, validUntilProblem } from '@common/domain/quotes';
import { errorMessage } from '@client/lib/api-client';
import { Alert, AlertDescription } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { toast } from '@client/components/ui/use-toast';
import { useExtendQuote } from '../api/quotes';

/**
 * An admin moves a quoted or accepted quote's valid-until day, and its held lots with it, at most 90
 * days from today (docs/decisions/0236). The day is checked here with the server's own rule; the
 * answer says what happened.
 */
export function ExtendQuote({ quote }: { quote: QuoteView }) {
  const extend = useExtendQuote(quote.id);
  const today = todayIn();
  const last = addDays(today, MAX_HOLD_DAYS);
  const [validUntil, setValidUntil] = useState(quote.validUntil ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const held = quote.lines.some((l) => l.heldBoxes > 0);

  function submit(event: FormEvent) {
    event.preventDefault();
    setDone(null);
    const local = validUntil ? validUntilProblem(validUntil, today) : 'Choose the new valid-until date';
    setProblem(local);
    if (local) return;
    extend.mutate(validUntil, {
      onSuccess: (updated) => {
        const message = QUOTE_MESSAGES.extended(updated.number, formatDay(updated.validUntil ?? validUntil));
        setDone(message);
        toast({ title: 'Quote extended', description: message, variant: 'success' });
      },
      onError: (error) => setProblem(errorMessage(error, 'Please try again.')),
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Extend the quote{held ? ' and its held lots' : ''}</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <FormField
            label="New valid-until date"
            error={problem ?? undefined}
            hint={`Now valid until ${quote.validUntil ? formatDay(quote.validUntil) : 'not set'}. At most ${MAX_HOLD_DAYS} days from today (${formatDay(last)}).`}
          >
            {(control) => (
              <Input
                {...control}
                type="date"
                className="max-w-48"
                min={today}
                max={last}
                value={validUntil}
                onChange={(e) => {
                  setValidUntil(e.target.value);
                  setProblem(null);
                }}
              />
            )}
          </FormField>
          {done && (
            <Alert variant="success">
              <CircleCheck aria-hidden />
              <AlertDescription>{done}</AlertDescription>
            </Alert>
          )}
          <div className="flex justify-end">
            <Button type="submit" variant="outline" loading={extend.isPending} loadingText="Extending...">
              Extend quote
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

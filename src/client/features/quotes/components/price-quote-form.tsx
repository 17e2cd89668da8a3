import { useState, type FormEvent } from 'react';
import type { QuoteView } from '@common/contracts/quotes';
import { belowFloor } from '@common/domain/quotes';
import { formatPrice } from '@common/domain/money';
import { errorMessage } from '@client/lib/api-client';
import { Alert, AlertDescription } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { NativeSelect } from '@client/components/ui/native-select';
import { Textarea } from '@client/components/ui/textarea';
import { toast } from '@client/components/ui/use-toast';
import { useSendQuote } from '../api/quotes';

/**
 * Pricing a quote (docs/decisions/0237): a price per line beside the contract price and the floor, the
 * lot to hold (its free boxes shown), validity and notes; Send makes it quoted and emails the dealer.
 */
export function PriceQuoteForm({ quote, isAdmin }: { quote: QuoteView; isAdmin: boolean }) {
  const send = useSendQuote(quote.id);
  const [prices, setPrices] = useState<Record<number, string>>(() => Object.fromEntries(quote.lines.map((l) => [l.id, l.quotedPrice ?? l.contractPrice ?? ''])));
  const [holds, setHolds] = useState<Record<number, string>>(() =>
    Object.fromEntries(quote.lines.map((l) => [l.id, String(l.lots?.find((lot) => lot.lot === l.heldLot)?.id ?? '')])),
  );
  const [validUntil, setValidUntil] = useState(quote.validUntil ?? '');
  const [notes, setNotes] = useState(quote.notes);
  const [problem, setProblem] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    send.mutate(
      { validUntil, notes, lines: quote.lines.map((l) => ({ id: l.id, quotedPrice: prices[l.id] ?? '', holdLotId: holds[l.id] ? Number(holds[l.id]) : null })) },
      {
        onSuccess: () => toast({ title: 'Quote sent to the dealer', variant: 'success' }),
        onError: (error) => setProblem(errorMessage(error, 'Please try again.')),
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{quote.status === 'quoted' ? 'Revise and send again' : 'Price and send'}</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          {quote.lines.map((line) => {
            const floorWarning = line.floorPrice && prices[line.id] && belowFloor(prices[line.id]!, line.floorPrice);
            const heldNow = line.heldLot ? line.quantity - line.quantityUsed : 0;
            return (
              <fieldset key={line.id} className="grid gap-3 rounded-md border border-border p-3 sm:grid-cols-2">
                <legend className="px-1 text-sm font-medium">
                  {line.productName} (SKU {line.productId}), {line.quantity} boxes
                </legend>
                <FormField
                  label="Quoted price"
                  hint={`Contract ${formatPrice(line.contractPrice)} · floor ${formatPrice(line.floorPrice ?? null)}`}
                  error={floorWarning ? (isAdmin ? undefined : `Below the floor of ${formatPrice(line.floorPrice!)}: only an admin can send it`) : undefined}
                >
                  {(control) => <Input {...control} inputMode="decimal" value={prices[line.id] ?? ''} onChange={(e) => setPrices({ ...prices, [line.id]: e.target.value })} />}
                </FormField>
                <FormField label="Lot to hold" hint={line.holdOneLot ? 'The dealer asked for one lot.' : 'Optional.'}>
                  {(control) => (
                    <NativeSelect {...control} value={holds[line.id] ?? ''} onChange={(e) => setHolds({ ...holds, [line.id]: e.target.value })}>
                      <option value="">No hold</option>
                      {(line.lots ?? []).map((lot) => {
                        const free = lot.free + (lot.lot === line.heldLot ? heldNow : 0);
                        return (
                          <option key={lot.id} value={lot.id} disabled={free < line.quantity - line.quantityUsed}>
                            {lot.lot}
                            {lot.shade ? ` shade ${lot.shade}` : ''}: {free} free
                          </option>
                        );
                      })}
                    </NativeSelect>
                  )}
                </FormField>
              </fieldset>
            );
          })}
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Valid until" hint="At most 90 days; held lots are kept until then.">
              {(control) => <Input {...control} type="date" value={validUntil} onChange={(e) => setValidUntil(e.target.value)} />}
            </FormField>
            <FormField label="Notes on the quote">{(control) => <Textarea {...control} rows={2} value={notes} onChange={(e) => setNotes(e.target.value)} />}</FormField>
          </div>
          {problem && (
            <Alert variant="destructive" role="alert">
              <AlertDescription>{problem}</AlertDescription>
            </Alert>
          )}
          <div className="flex justify-end">
            <Button type="submit" loading={send.isPending} loadingText="Sending...">
              Send quote
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

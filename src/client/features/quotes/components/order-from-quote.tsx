import { useState, type FormEvent } from 'react';
import type { QuoteView } from '@common/contracts/quotes';
import { formatPrice } from '@common/domain/money';
import { errorMessage } from '@client/lib/api-client';
import { Alert, AlertDescription } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { useOrderFromQuote } from '../api/quotes';

/**
 * "Order from this quote" (docs/decisions/0237): how many boxes of each line this phase takes, at the
 * quoted prices, from the held lot first. Blank or 0 leaves a line for a later phase.
 */
export function OrderFromQuote({ quote, onPlaced }: { quote: QuoteView; onPlaced: (orderId: number) => void }) {
  const order = useOrderFromQuote(quote.id);
  const open = quote.lines.filter((l) => l.quantity > l.quantityUsed);
  const [amounts, setAmounts] = useState<Record<number, string>>({});
  const [poReference, setPoReference] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    const lines = open.map((l) => ({ quoteLineId: l.id, quantity: Number(amounts[l.id] || 0) }));
    order.mutate(
      { lines, poReference: poReference || null },
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

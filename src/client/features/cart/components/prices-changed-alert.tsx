import { TriangleAlert } from 'lucide-react';
import { PRICE_MESSAGES } from '@common/domain/seen-prices';
import { formatPrice } from '@common/domain/money';
import { Alert, AlertDescription, AlertTitle } from '@client/components/ui/alert';
import type { PriceChanges } from '../lib/prices-changed';

/**
 * The answer to a Place Order refused because prices changed (docs/decisions/0206): nothing was
 * ordered, the old and the new total, and what to do. The changed lines say their own figures.
 */
export function PricesChangedAlert({ changes }: { changes: PriceChanges }) {
  return (
    <Alert variant="warning" data-testid="prices-changed">
      <TriangleAlert aria-hidden />
      <AlertTitle>{PRICE_MESSAGES.changed}</AlertTitle>
      <AlertDescription>
        Nothing was ordered. The total was <s className="nums">{formatPrice(changes.oldTotal)}</s> and is now{' '}
        <strong className="nums">{formatPrice(changes.newTotal)}</strong>
        {changes.hasCallPrices ? ' plus items priced on request' : ''}. Each changed line shows its old and new price; review them, then place the order again.
      </AlertDescription>
    </Alert>
  );
}

import { TriangleAlert } from 'lucide-react';
import { Alert, AlertTitle } from '@client/components/ui/alert';
import { lotConflictId, showLotConflict, type BlockingLine } from '../lib/lot-conflicts';

export const PLACE_ORDER_BLOCKERS_ID = 'place-order-blockers';

/**
 * Beside Place Order while it is disabled (docs/decisions/0209): which lines keep it so and why,
 * each a link to its line, where "Order N" and "Allow mixed lots" fix it. Place Order names this
 * note with aria-describedby, so a screen reader hears why the button does nothing.
 */
export function PlaceOrderBlockers({ lines }: { lines: readonly BlockingLine[] }) {
  const count = lines.length === 1 ? '1 line' : `${lines.length} lines`;
  return (
    <Alert variant="warning" id={PLACE_ORDER_BLOCKERS_ID} data-testid="place-order-blockers" className="print:hidden">
      <TriangleAlert aria-hidden />
      <AlertTitle>Place Order waits for {count}</AlertTitle>
      {/* A div, not AlertDescription's p: the list cannot sit in a paragraph. */}
      <div className="text-sm">
        <ul className="grid gap-1">
          {lines.map((line) => (
            <li key={line.productId}>
              <a
                href={`#${lotConflictId(line.productId)}`}
                className="font-medium underline underline-offset-2"
                onClick={(event) => {
                  event.preventDefault();
                  showLotConflict(line.productId);
                }}
              >
                {line.name}
              </a>
              : {line.reason}.
            </li>
          ))}
        </ul>
        <span className="mt-1 block">Fix it on the line: order what one lot holds, or allow mixed lots.</span>
      </div>
    </Alert>
  );
}

import { Bell, BellOff } from 'lucide-react';
import type { Product } from '@common/contracts/products';
import { parseStockLevel } from '@common/domain/stock-level';
import { useProductAvailability, useStockNotice } from '@client/api/get-product-availability';
import { LotsSummary, nextArrivalText } from '@client/components/lots/lots-summary';
import { Button } from '@client/components/ui/button';

/**
 * The open stock row's lots: lots and incoming loads, the next arrival for an out-of-stock
 * SKU, and "Notify me" (one email when it is back). Nothing shows for a SKU without either.
 */
export function ProductLots({ product, compact = false }: { product: Product; compact?: boolean }) {
  const { data } = useProductAvailability(product.id);
  const notice = useStockNotice(product.id);
  const out = parseStockLevel(product.stockLevel).kind === 'out_of_stock';
  if (!data) return null;
  const next = out ? nextArrivalText(data.nextEta) : null;
  return (
    <div className="grid gap-2">
      {next && <p className="text-sm font-semibold text-foreground">{next}</p>}
      <LotsSummary availability={data} compact={compact} />
      {out && !compact && (
        <div>
          <Button
            variant="outline"
            size="sm"
            disabled={notice.isPending}
            onClick={() => notice.mutate(!data.notifyRequested)}
            aria-pressed={data.notifyRequested}
          >
            {data.notifyRequested ? <BellOff aria-hidden /> : <Bell aria-hidden />}
            {data.notifyRequested ? "You'll be emailed when it arrives (cancel)" : 'Notify me when it arrives'}
          </Button>
        </div>
      )}
    </div>
  );
}

/** The largest lot for the add row's one-lot warning, from the same query (no extra request). */
export function useLargestLot(productId: number) {
  const { data } = useProductAvailability(productId);
  return data && data.largestLot !== null && data.largestLotCode !== null ? { lot: data.largestLotCode, quantity: data.largestLot } : null;
}

import { Download } from 'lucide-react';
import type { OrdersQuery } from '@common/contracts/orders';
import { Button } from '@client/components/ui/button';

/** GET /api/orders/export: the buyer's own orders as shown (same search), as CSV or xlsx (ADR 0192). */
export function exportOwnOrdersHref(query: OrdersQuery, format: 'csv' | 'xlsx'): string {
  const params = new URLSearchParams({ format });
  for (const key of ['q', 'sku', 'from', 'to', 'status'] as const) {
    const value = query[key];
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return `/api/orders/export?${params}`;
}

export function ExportOwnOrders({ query }: { query: OrdersQuery }) {
  return (
    <div className="flex gap-2" role="group" aria-label="Export these orders">
      {(['csv', 'xlsx'] as const).map((format) => (
        <Button key={format} variant="outline" size="sm" asChild>
          <a href={exportOwnOrdersHref(query, format)} download aria-label={`Export these orders as ${format.toUpperCase()}`}>
            <Download aria-hidden />
            {format.toUpperCase()}
          </a>
        </Button>
      ))}
    </div>
  );
}

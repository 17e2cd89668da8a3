import type { OrderView } from '@common/contracts/orders';
import { merchandiseList } from '@common/domain/cart-rules';
import { merchandiseTitle } from '@common/domain/cart-rules';
import { formatCents, formatPrice, lineTotalCents } from '@common/domain/money';
import { describeAllocation } from '@common/domain/lots';
import { describePriceSource } from '@common/domain/contract-prices';
import { LineBackorder } from './line-backorder';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@client/components/ui/table';

/** The lots an order line was allocated from: lot, shade, caliber, warehouse, boxes. */
function LineLots({ item }: { item: OrderView['items'][number] }) {
  const taken = item.allocations ?? [];
  if (taken.length === 0) return null;
  return (
    <ul className="nums mt-0.5 grid text-xs font-normal text-muted-foreground" aria-label={`Lots of ${item.productName}`}>
      {taken.map((a) => (
        <li key={a.lot}>Lot {describeAllocation(a)}</li>
      ))}
    </ul>
  );
}

/** "Contract 2026, 100+ boxes" and the base price, when the line's price came from a contract list (docs/decisions/0233). */
function PriceSource({ item }: { item: OrderView['items'][number] }) {
  const source = item.priceListName
    ? describePriceSource({ listCode: item.priceListCode ?? '', listName: item.priceListName, minQuantity: item.priceBreakMin ?? 1 })
    : null;
  if (!source) return null;
  return (
    <span className="nums block text-xs font-normal text-muted-foreground">
      {source}
      {item.basePrice !== undefined && item.basePrice !== item.price && (
        <>
          {' · base '}
          <s>{formatPrice(item.basePrice ?? null)}</s>
        </>
      )}
    </span>
  );
}

function lineTotal(price: string | null, quantity: number): string {
  return formatCents(lineTotalCents(price, quantity));
}

/**
 * An order's lines as ordered (names and prices are the order's own copy);
 * prices only on purchase orders. Phones get a list, desks and paper a table.
 */
export function OrderLines({ order }: { order: OrderView }) {
  const showPrices = order.kind === 'purchase';
  return (
    <>
      <ul className="divide-y divide-border md:hidden print:hidden" aria-label="Order lines">
        {order.items.map((item) => (
          <li key={`i${item.id}`} className="flex justify-between gap-3 px-4 py-3 text-sm">
            <span className="min-w-0">
              <span className="nums font-semibold">{item.quantity} x</span> {item.productName}
              <span className="nums block text-xs text-muted-foreground">
                SKU {item.productId}
                {showPrices && ` · ${formatPrice(item.price)} each`}
              </span>
              {showPrices && <PriceSource item={item} />}
              <LineLots item={item} />
              <LineBackorder item={item} />
            </span>
            {showPrices && <span className="nums shrink-0 font-medium">{lineTotal(item.price, item.quantity)}</span>}
          </li>
        ))}
        {order.merchandise.map((m) => (
          <li key={`m${m.id}`} className="px-4 py-3 text-sm">
            <span className="nums font-semibold">{m.quantity} x</span> {merchandiseTitle(m)}
            <span className="block text-xs text-muted-foreground">
              {merchandiseList(m.type).singular} · {m.code}
            </span>
          </li>
        ))}
      </ul>
      <div className="hidden md:block print:block">
        <OrderLinesTable order={order} showPrices={showPrices} />
      </div>
    </>
  );
}

function OrderLinesTable({ order, showPrices }: { order: OrderView; showPrices: boolean }) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead className="text-right">Qty</TableHead>
          <TableHead>Item</TableHead>
          <TableHead>SKU / Code</TableHead>
          {showPrices && <TableHead className="text-right">Price</TableHead>}
          {showPrices && <TableHead className="text-right">Line total</TableHead>}
        </TableRow>
      </TableHeader>
      <TableBody>
        {order.items.map((item) => (
          <TableRow key={`i${item.id}`}>
            <TableCell className="nums text-right">{item.quantity}</TableCell>
            <TableCell className="font-medium">
              {item.productName}
              {showPrices && <PriceSource item={item} />}
              <LineLots item={item} />
              <LineBackorder item={item} />
            </TableCell>
            <TableCell className="nums">{item.productId}</TableCell>
            {showPrices && <TableCell className="nums text-right">{formatPrice(item.price)}</TableCell>}
            {showPrices && <TableCell className="nums text-right">{lineTotal(item.price, item.quantity)}</TableCell>}
          </TableRow>
        ))}
        {order.merchandise.map((m) => (
          <TableRow key={`m${m.id}`}>
            <TableCell className="nums text-right">{m.quantity}</TableCell>
            <TableCell>
              <span className="font-medium">{merchandiseTitle(m)}</span>
              <span className="block text-xs text-muted-foreground">{merchandiseList(m.type).singular}</span>
            </TableCell>
            <TableCell className="nums">{m.code}</TableCell>
            {showPrices && <TableCell className="nums text-right">{formatPrice(0)}</TableCell>}
            {showPrices && <TableCell className="nums text-right">{formatPrice(0)}</TableCell>}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

import type { OrderView } from '@common/contracts/orders';
import { merchandiseList } from '@common/domain/cart-rules';
import { formatPrice, lineTotalCents } from '@common/domain/money';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@client/components/ui/table';

/** An order's lines as ordered (names and prices are the order's own copy). Prices only on purchase orders. */
export function OrderLines({ order }: { order: OrderView }) {
  const showPrices = order.kind === 'purchase';
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
        {order.items.map((item) => {
          const total = lineTotalCents(item.price, item.quantity);
          return (
            <TableRow key={`i${item.id}`}>
              <TableCell className="nums text-right">{item.quantity}</TableCell>
              <TableCell className="font-medium">{item.productName}</TableCell>
              <TableCell className="nums">{item.productId}</TableCell>
              {showPrices && <TableCell className="nums text-right">{formatPrice(item.price)}</TableCell>}
              {showPrices && <TableCell className="nums text-right">{total === null ? 'CALL' : formatPrice(total / 100)}</TableCell>}
            </TableRow>
          );
        })}
        {order.merchandise.map((m) => (
          <TableRow key={`m${m.id}`}>
            <TableCell className="nums text-right">{m.quantity}</TableCell>
            <TableCell>
              <span className="font-medium">{m.type === 'label' && m.line ? `${m.line} ${m.name}` : m.name}</span>
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

import type { QuoteView } from '@common/contracts/quotes';
import { formatPrice } from '@common/domain/money';
import { describeQuantity } from '@common/domain/units';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@client/components/ui/table';

/** The quote's lines: quantity, quoted price beside the company's contract price, the held lot, what orders used. */
export function QuoteLines({ quote }: { quote: QuoteView }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Lines</CardTitle>
      </CardHeader>
      <CardContent>
        <Table containerClassName="hidden md:block">
          <TableHeader>
            <TableRow>
              <TableHead>SKU</TableHead>
              <TableHead>Item</TableHead>
              <TableHead className="text-right">Quantity</TableHead>
              <TableHead className="text-right">Quoted price</TableHead>
              <TableHead className="text-right">Contract price</TableHead>
              <TableHead>Lot held</TableHead>
              <TableHead className="text-right">Ordered</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {quote.lines.map((line) => {
              const quantity = describeQuantity(line.quantity, line);
              return (
                <TableRow key={line.id}>
                  <TableCell className="nums">{line.productId}</TableCell>
                  <TableCell>{line.productName}</TableCell>
                  <TableCell className="nums text-right">
                    {quantity.primary}
                    {line.areaSqft && <span className="block text-xs text-muted-foreground">for {line.areaSqft} sq ft + {line.wastePercent}% waste</span>}
                  </TableCell>
                  <TableCell className="nums text-right font-medium">{line.quotedPrice ? formatPrice(line.quotedPrice) : 'Not priced'}</TableCell>
                  <TableCell className="nums text-right text-muted-foreground">{formatPrice(line.contractPrice)}</TableCell>
                  <TableCell>{line.heldLot ? `${line.heldLot} (${line.heldBoxes} held)` : line.holdOneLot ? 'One lot asked' : '-'}</TableCell>
                  <TableCell className="nums text-right">{line.quantityUsed}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
        <ul className="grid gap-3 md:hidden" aria-label="Lines">
          {quote.lines.map((line) => (
            <li key={line.id} className="rounded-md border border-border p-3 text-sm">
              <p className="font-medium">
                {line.productName} <span className="nums text-muted-foreground">SKU {line.productId}</span>
              </p>
              <p className="nums">{describeQuantity(line.quantity, line).primary}{line.areaSqft ? ` for ${line.areaSqft} sq ft + ${line.wastePercent}% waste` : ''}</p>
              <p className="nums">
                Quoted {line.quotedPrice ? formatPrice(line.quotedPrice) : 'not priced yet'} · contract {formatPrice(line.contractPrice)}
              </p>
              <p>{line.heldLot ? `Lot ${line.heldLot}: ${line.heldBoxes} boxes held` : line.holdOneLot ? 'One lot asked' : 'No lot held'} · {line.quantityUsed} ordered</p>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

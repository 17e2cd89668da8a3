import type { Product } from '@common/contracts/products';
import { formatCents, formatPrice, lineTotalCents } from '@common/domain/money';
import type { PastedLineResult } from '@common/domain/quick-add';
import type { PadPrice } from '../api/quick-order-prices';
import { Badge } from '@client/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@client/components/ui/table';

const STATUS = {
  added: { word: 'OK', variant: 'success' },
  merged: { word: 'Merged', variant: 'accent' },
  refused: { word: 'Problem', variant: 'destructive' },
} as const;

function statusOf(line: PastedLineResult, done: boolean) {
  if (line.status === 'added' && line.note) return { word: 'Capped', variant: 'warning' as const };
  // More than the stock, the rest from incoming loads (docs/decisions/0238).
  if (line.status === 'added' && line.backorder) return { word: 'Backorder', variant: 'accent' as const };
  if (done && line.status === 'added') return { word: 'Added', variant: 'success' as const };
  if (done && line.status === 'refused') return { word: 'Not added', variant: 'destructive' as const };
  return STATUS[line.status];
}

function detail(line: PastedLineResult): string {
  if (line.status === 'refused') return line.reason;
  if (line.status === 'merged') return `Same SKU as line ${line.intoLine}`;
  return [line.note, line.backorder].filter(Boolean).join('. ');
}

/**
 * The pad's lines checked against the catalogue (ADR 0190): product, quantity, price and line
 * total, and the status with its reason; after the add, what the server did with each. A table
 * from sm up, one stacked card per line on a phone (the reason under its own line).
 */
export function QuickOrderLines({
  lines,
  products,
  prices,
  done,
}: {
  lines: readonly PastedLineResult[];
  products: ReadonlyMap<number, Product>;
  /** The caller's price per SKU at the PO's quantity (docs/decisions/0233); the catalogue's price until it answers. */
  prices?: ReadonlyMap<number, PadPrice>;
  done: boolean;
}) {
  const rows = lines.map((line) => {
    const product = line.status === 'refused' ? undefined : products.get(line.productId);
    const quantity = line.status === 'refused' ? null : line.quantity;
    const priced = product ? prices?.get(product.id) : undefined;
    const price = priced ? priced.price : (product?.price ?? null);
    return { line, product, quantity, price, source: priced?.source ?? null, total: product && quantity !== null ? lineTotalCents(price, quantity) : null, status: statusOf(line, done) };
  });
  return (
    <>
      <ul className="grid gap-2 sm:hidden" aria-label="Checked lines">
        {rows.map(({ line, product, quantity, price, source, total, status }) => (
          <li key={line.line} className="grid gap-1 rounded-card border border-border bg-surface p-3 text-sm">
            <span className="flex items-center gap-2">
              <span className="nums text-muted-foreground">Line {line.line}</span>
              <Badge variant={status.variant}>{status.word}</Badge>
              <span className="nums ml-auto font-medium">{line.text}</span>
            </span>
            {product && (
              <span>
                {quantity} × {product.name} · <span className="nums">{formatPrice(price)}</span>
                {total !== null && <span className="nums font-medium"> = {formatCents(total)}</span>}
                {source && <span className="block text-xs text-muted-foreground">{source}</span>}
              </span>
            )}
            {detail(line) && <span className={line.status === 'refused' ? 'text-destructive' : 'text-muted-foreground'}>{detail(line)}</span>}
          </li>
        ))}
      </ul>
      <div className="hidden sm:block">
        <Table aria-label="Checked lines">
          <TableHeader>
            <TableRow>
              <TableHead className="w-16">Line</TableHead>
              <TableHead>Entered</TableHead>
              <TableHead>Product</TableHead>
              <TableHead className="text-right">Qty</TableHead>
              <TableHead className="text-right">Price</TableHead>
              <TableHead className="text-right">Line total</TableHead>
              <TableHead>Status</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map(({ line, product, quantity, price, source, total, status }) => (
              <TableRow key={line.line}>
                <TableCell className="nums">{line.line}</TableCell>
                <TableCell className="nums">{line.text}</TableCell>
                <TableCell>{product?.name ?? '—'}</TableCell>
                <TableCell className="nums text-right">{quantity ?? '—'}</TableCell>
                <TableCell className="nums text-right">
                  {product ? formatPrice(price) : '—'}
                  {source && <span className="block text-xs text-muted-foreground">{source}</span>}
                </TableCell>
                <TableCell className="nums text-right">{total !== null ? formatCents(total) : '—'}</TableCell>
                <TableCell>
                  <span className="flex flex-wrap items-center gap-2">
                    <Badge variant={status.variant}>{status.word}</Badge>
                    {detail(line) && <span className="text-sm text-muted-foreground">{detail(line)}</span>}
                  </span>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </>
  );
}

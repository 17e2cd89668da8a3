import type { Product } from '@common/contracts/products';
import { isOutOfStock } from '@common/domain/quick-add';
import { Badge } from '@client/components/ui/badge';
import { Checkbox } from '@client/components/ui/checkbox';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@client/components/ui/table';

/** SKU, Product, Stock, Add: the Add column selects rows for the bulk add. */
export function QuickAddTable({
  rows,
  selected,
  onToggle,
  onToggleAll,
}: {
  rows: readonly Product[];
  selected: ReadonlySet<number>;
  onToggle: (id: number, on: boolean) => void;
  onToggleAll: (on: boolean) => void;
}) {
  const all = rows.length > 0 && rows.every((p) => selected.has(p.id));
  const some = rows.some((p) => selected.has(p.id));
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead className="w-24">SKU</TableHead>
          <TableHead>Product</TableHead>
          <TableHead className="w-28 text-right">Stock</TableHead>
          <TableHead className="w-16 text-center">
            <span className="sr-only">Add</span>
            <Checkbox
              aria-label="Add all shown products"
              checked={all ? true : some ? 'indeterminate' : false}
              onCheckedChange={(value) => onToggleAll(value === true)}
            />
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((product) => (
          <TableRow key={product.id} data-state={selected.has(product.id) ? 'selected' : undefined}>
            <TableCell className="nums font-medium">{product.id}</TableCell>
            <TableCell>
              <label htmlFor={`quick-add-${product.id}`} className="cursor-pointer">
                {product.name}
              </label>
            </TableCell>
            <TableCell className="nums text-right">
              {isOutOfStock(product) ? <Badge variant="destructive">Out of stock</Badge> : product.stockLevel}
            </TableCell>
            <TableCell className="text-center">
              <Checkbox
                id={`quick-add-${product.id}`}
                aria-label={`Add ${product.name}`}
                checked={selected.has(product.id)}
                onCheckedChange={(value) => onToggle(product.id, value === true)}
              />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

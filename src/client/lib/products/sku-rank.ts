/**
 * Search order for SKUs (docs/decisions/0213): searching "1002" lists SKU 1002 first, then SKUs
 * that start with 1002 (10021...), then every other match (11002, 21002, a name holding 1002), each
 * group in the order it came. Only the search's number words rank; other searches keep their order.
 */
export function rankBySku<P extends { id: number }>(rows: readonly P[], freeText: readonly string[]): P[] {
  const numbers = freeText.filter((word) => /^\d+$/.test(word)).map((word) => word.replace(/^0+(?=\d)/, ''));
  if (numbers.length === 0) return rows.slice();
  const exact: P[] = [];
  const prefix: P[] = [];
  const other: P[] = [];
  for (const row of rows) {
    const sku = String(row.id);
    if (numbers.includes(sku)) exact.push(row);
    else if (numbers.some((n) => sku.startsWith(n))) prefix.push(row);
    else other.push(row);
  }
  return [...exact, ...prefix, ...other];
}

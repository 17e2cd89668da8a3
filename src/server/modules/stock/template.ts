import { STOCK_CSV_COLUMNS, type StockCsvColumn } from '@common/contracts/stock';
import { STOCK_FABRICATION } from '@common/domain/stock-level';
import { TEMPLATE_EXAMPLE_NOTE } from '@common/domain/template-examples';
import { stringify } from 'csv-stringify/sync';

/**
 * docs/product-decisions.md: the stock CSV template has the header and two example rows.
 * Their SKUs start with EXAMPLE, which no real SKU (a whole number) can, and the server
 * skips them: the template uploaded unchanged changes nothing (docs/decisions/0130).
 */
const EXAMPLES: Record<StockCsvColumn, string>[] = [
  {
    id: 'EXAMPLE-1',
    name: 'Calacatta Luxe 12x24 White Polished',
    collection: 'Marble Collection',
    line: 'Calacatta Luxe',
    size: '12x24',
    color: 'White',
    finish: 'Polished',
    soldBy: 'Box',
    description: TEMPLATE_EXAMPLE_NOTE,
    price: '114.54',
    imageUrl: '',
    stockLevel: '120',
    coverage: '15.5',
    pricePerSqft: '7.39',
    quantityOnOrder: '0',
  },
  {
    id: 'EXAMPLE-2',
    name: 'Calacatta Luxe 48x110 Slab White Polished',
    collection: 'Marble Collection',
    line: 'Calacatta Luxe',
    size: '48x110 Slab',
    color: 'White',
    finish: 'Polished',
    soldBy: 'Each',
    description: TEMPLATE_EXAMPLE_NOTE,
    price: 'CALL',
    imageUrl: '',
    stockLevel: STOCK_FABRICATION,
    coverage: '48x110',
    pricePerSqft: 'CALL',
    quantityOnOrder: '2',
  },
];

export function stockTemplateCsv(): string {
  return stringify(EXAMPLES, { header: true, columns: [...STOCK_CSV_COLUMNS] });
}

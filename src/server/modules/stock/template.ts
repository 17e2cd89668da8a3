import { STOCK_CSV_COLUMNS, type StockCsvColumn } from '@common/contracts/stock';
import { STOCK_FABRICATION } from '@common/domain/stock-level';
import { stringify } from 'csv-stringify/sync';

/** docs/product-decisions.md: the stock CSV template has the header and two example rows. */
const EXAMPLES: Record<StockCsvColumn, string>[] = [
  {
    id: '1001',
    name: 'Calacatta Luxe 12x24 White Polished',
    collection: 'Marble Collection',
    line: 'Calacatta Luxe',
    size: '12x24',
    color: 'White',
    finish: 'Polished',
    soldBy: 'Box',
    description: 'Polished porcelain floor and wall tile in White with bold gold and grey veining.',
    price: '114.54',
    imageUrl: '',
    stockLevel: '120',
    coverage: '15.5',
    pricePerSqft: '7.39',
    quantityOnOrder: '0',
  },
  {
    id: '1006',
    name: 'Calacatta Luxe 48x110 Slab White Polished',
    collection: 'Marble Collection',
    line: 'Calacatta Luxe',
    size: '48x110 Slab',
    color: 'White',
    finish: 'Polished',
    soldBy: 'Each',
    description: 'Polished porcelain slab for countertops and feature walls.',
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

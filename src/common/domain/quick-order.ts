import type { QuickAddProduct } from './quick-add';
import { parseStockLevel } from './stock-level';

/**
 * The dealers' quick order pad (/quick-order, ADR 0190): SKU and quantity lines typed, pasted or
 * read from a CSV/XLSX file, checked line by line against the catalogue (quick-add.ts
 * planPastedList), then added to the active PO by the bulk add. Unlike the salesperson's quick
 * add, it offers every product a dealer can order from the stock row: only special order items
 * are refused before the add (out of stock and stock caps are the bulk add's rule).
 */
export function quickOrderExclusion(product: Pick<QuickAddProduct, 'stockLevel'>): string | null {
  return parseStockLevel(product.stockLevel).kind === 'special_order' ? 'Special order only' : null;
}

export const QUICK_ORDER_FILE_MESSAGES = {
  noFile: 'Please choose a file to upload',
  tooLarge: 'The file is too large. An order file may be at most 2 MB',
  wrongType: 'Please upload a CSV file or an Excel workbook (.xlsx)',
  badWorkbook: 'The file is not a valid Excel workbook (.xlsx)',
  badCsv: 'The CSV file could not be read',
  empty: 'The file has no lines to order',
} as const;

import { STOCK_CSV_COLUMNS, UNKNOWN_COLUMN, type SchemaError, type StockCsvColumn, type ValidationIssue } from '@common/contracts/stock';
import { CALL } from '@common/domain/money';
import { STOCK_FABRICATION, STOCK_SPECIAL_ORDER } from '@common/domain/stock-level';
import { DEFAULT_COVERAGE, DEFAULT_SOLD_BY } from '@common/domain/units';
import { INVALID_SKU, looksLikeFormula, normaliseHeader, parseSku, type ProblemSink } from '../imports';

/**
 * The rules of one stock CSV row ("Stock import row", docs/product-decisions.md
 * "Catalogue and stock"), as pure functions so every rule has a unit test.
 * A blank cell means the spec's default; a column missing from the file leaves
 * that field of existing products alone (docs/decisions/0012). A blank that would clear a field
 * of an existing product is a warning of the preview (docs/decisions/0211): the row keeps which
 * of its cells were blank.
 */

export const DEFAULT_PRICE_PER_SQFT = '3.99';
const MAX_QUANTITY = 1_000_000_000;
/** numeric(12,2) holds up to 9,999,999,999.99. */
const MAX_PRICE = 9_999_999_999.99;

const TEXT_LIMITS: Partial<Record<StockCsvColumn, number>> = {
  name: 300,
  collection: 200,
  line: 200,
  size: 100,
  color: 100,
  finish: 100,
  soldBy: 50,
  description: 4000,
  imageUrl: 2000,
  coverage: 50,
};

/** A row ready to stage: every field filled (defaults applied); name null means "keep or derive". */
export interface StockRow {
  row: number;
  id: number;
  name: string | null;
  collection: string | null;
  line: string | null;
  size: string | null;
  color: string | null;
  finish: string | null;
  soldBy: string;
  description: string | null;
  price: string | null;
  imageUrl: string | null;
  stockLevel: string;
  coverage: string;
  pricePerSqft: string | null;
  quantityOnOrder: number;
  /** Present columns whose cell was blank (the default was used), but name (a blank name keeps the name). */
  blanks: string[];
}

export interface HeaderResult {
  /** Column index to field, for the columns we know. */
  columns: (StockCsvColumn | null)[];
  present: Set<StockCsvColumn>;
  errors: SchemaError[];
  issues: ValidationIssue[];
}

const COLUMN_BY_KEY = new Map<string, StockCsvColumn>(STOCK_CSV_COLUMNS.map((c) => [c.toLowerCase(), c]));

const DELIMITERS: [string, string][] = [
  [';', 'semicolons'],
  ['\t', 'tabs'],
  ['|', 'vertical bars'],
];

export function readHeader(cells: readonly string[]): HeaderResult {
  const result: HeaderResult = { columns: [], present: new Set(), errors: [], issues: [] };
  if (cells.length === 1) {
    const wrong = DELIMITERS.find(([d]) => (cells[0] ?? '').includes(d));
    if (wrong) {
      result.errors.push({
        row: 1,
        message: `The file must be separated by commas; this one is separated by ${wrong[1]}. Save it as "CSV (comma delimited)" and upload it again.`,
      });
      return result;
    }
  }
  cells.forEach((cell) => {
    const column = COLUMN_BY_KEY.get(normaliseHeader(cell)) ?? null;
    if (column === null) {
      if (cell.trim() !== '') result.issues.push({ row: 1, issue: UNKNOWN_COLUMN, field: cell.trim(), value: '' });
    } else if (result.present.has(column)) {
      result.errors.push({ row: 1, message: `The column ${column} appears more than once` });
    } else {
      result.present.add(column);
    }
    result.columns.push(column !== null && result.columns.includes(column) ? null : column);
  });
  if (!result.present.has('id')) {
    result.errors.push({ row: 1, message: 'The file needs an id column with the SKU number of each product' });
  }
  return result;
}

function shorten(value: string, max = 40): string {
  return value.length > max ? `${value.slice(0, max)}…` : value;
}

/** "1,234.50" and "$12" are numbers; anything else is not. */
function parseNumber(text: string): number | null {
  const cleaned = text.replace(/^\$/, '').replace(/(\d),(?=\d{3}\b)/g, '$1');
  if (!/^-?\d+(\.\d+)?$/.test(cleaned)) return null;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : null;
}

function parseWholeNumber(text: string): number | null {
  const value = parseNumber(text);
  return value !== null && Number.isInteger(value) ? value : null;
}

const normaliseWords = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();
const SPECIAL_WORDS = new Map([
  [normaliseWords(STOCK_SPECIAL_ORDER), STOCK_SPECIAL_ORDER],
  [normaliseWords(STOCK_FABRICATION), STOCK_FABRICATION],
]);

/**
 * One data row. `cells` are in file order, `columns` from readHeader. Returns the
 * row to stage, or null when it has errors (which are in `problems`).
 */
export function readStockRow(
  cells: readonly string[],
  row: number,
  header: Pick<HeaderResult, 'columns'>,
  problems: ProblemSink,
): StockRow | null {
  let failed = false;
  const raw: Partial<Record<StockCsvColumn, string>> = {};
  header.columns.forEach((column, index) => {
    if (column) raw[column] = (cells[index] ?? '').trim();
  });
  // Every problem names the row's SKU as the file has it (docs/decisions/0211).
  const sku = parseSku(raw.id ?? '') !== null ? raw.id : undefined;
  const error = (message: string) => {
    failed = true;
    problems.error({ row, message, ...(sku ? { sku } : {}) });
  };
  const blanks = (Object.keys(raw) as StockCsvColumn[]).filter((c) => c !== 'id' && c !== 'name' && raw[c] === '');

  for (const column of STOCK_CSV_COLUMNS) {
    const value = raw[column];
    if (value === undefined || value === '') continue;
    const numeric = column === 'stockLevel' || column === 'quantityOnOrder' || column === 'price' || column === 'pricePerSqft';
    if (numeric ? /^[=+@\t\r]/.test(value) : looksLikeFormula(value)) {
      error(`${column} starts with "${value[0] === '\t' ? '\\t' : value[0]}", which a spreadsheet would run as a formula (${shorten(value)}); remove it`);
      raw[column] = '';
      continue;
    }
    const limit = TEXT_LIMITS[column];
    if (limit && value.length > limit) error(`${column} is longer than ${limit} characters`);
  }

  const id = parseSku(raw.id ?? '');
  if (id === null) error(raw.id ? `${INVALID_SKU} (${shorten(raw.id)})` : `${INVALID_SKU} (the id is empty)`);

  const text = (column: StockCsvColumn) => (raw[column] ? raw[column] : null);
  const stockLevel = readStockLevel(raw.stockLevel ?? '', error);
  const quantityOnOrder = readQuantityOnOrder(raw.quantityOnOrder ?? '', error);

  const nulled = (field: StockCsvColumn, originalValue: string) =>
    problems.nulled({ row, field, originalValue: shorten(originalValue, 100), ...(sku ? { sku } : {}) });
  const price = readPrice(raw.price ?? '', null, (v) => nulled('price', v));
  const pricePerSqft = readPrice(raw.pricePerSqft ?? '', DEFAULT_PRICE_PER_SQFT, (v) => nulled('pricePerSqft', v));

  let coverage = raw.coverage ?? '';
  if (coverage === '') coverage = DEFAULT_COVERAGE;
  else if (!isCoverage(coverage)) {
    problems.issue({
      row,
      issue: `coverage "${shorten(coverage, 100)}" is neither square feet per box nor a size such as 12x12, so ${DEFAULT_COVERAGE} was used`,
      field: 'coverage',
      value: shorten(coverage, 100),
      ...(sku ? { sku } : {}),
    });
    coverage = DEFAULT_COVERAGE;
  }

  let imageUrl = text('imageUrl');
  if (imageUrl !== null && !/^(https?:\/\/[^\s]+|\/[^\s/][^\s]*)$/i.test(imageUrl)) {
    nulled('imageUrl', imageUrl);
    imageUrl = null;
  }

  if (failed || id === null || stockLevel === null || quantityOnOrder === null) return null;
  return {
    row,
    id,
    name: text('name'),
    collection: text('collection'),
    line: text('line'),
    size: text('size'),
    color: text('color'),
    finish: text('finish'),
    soldBy: text('soldBy') ?? DEFAULT_SOLD_BY,
    description: text('description'),
    price,
    imageUrl,
    stockLevel,
    coverage,
    pricePerSqft,
    quantityOnOrder,
    blanks,
  };
}

/** Special Order Only, Fabrication Required - 2 Week Lead, or a whole number of 0 or more; blank is 0. */
export function readStockLevel(value: string, error: (message: string) => void): string | null {
  if (value === '') return '0';
  const word = SPECIAL_WORDS.get(normaliseWords(value));
  if (word) return word;
  const number = parseNumber(value);
  if (number === null) {
    error(`Unknown stock level "${shorten(value)}": use a whole number, ${STOCK_SPECIAL_ORDER} or ${STOCK_FABRICATION}`);
    return null;
  }
  if (number < 0) {
    error(`Stock level cannot be negative (${shorten(value)})`);
    return null;
  }
  if (!Number.isInteger(number) || number > MAX_QUANTITY) {
    error(`Stock level must be a whole number (${shorten(value)})`);
    return null;
  }
  return String(number);
}

/** quantityOnOrder, default 0; a whole number of 0 or more. */
export function readQuantityOnOrder(value: string, error: (message: string) => void): number | null {
  if (value === '') return 0;
  const number = parseWholeNumber(value);
  if (number === null || number < 0 || number > MAX_QUANTITY) {
    error(`Quantity on order must be a whole number of 0 or more (${shorten(value)})`);
    return null;
  }
  return number;
}

/**
 * Price may be CALL, a number or empty (CALL); pricePerSqft may be CALL,
 * else a number defaulting to 3.99. A value that is neither is emptied (CALL) and
 * reported as a nulled field: showing CALL beats inventing a price.
 */
export function readPrice(value: string, blankDefault: string | null, onNulled: (original: string) => void): string | null {
  if (value === '') return blankDefault;
  if (value.toUpperCase() === CALL) return null;
  const number = parseNumber(value);
  if (number === null || number < 0 || number > MAX_PRICE) {
    onNulled(value);
    return null;
  }
  return number.toFixed(2);
}

/** coverage: square feet per box, or a size string containing x. */
export function isCoverage(value: string): boolean {
  const number = parseNumber(value);
  if (number !== null) return number > 0;
  return /^\d+(\.\d+)?\s*["']?\s*x\s*\d+(\.\d+)?/i.test(value);
}

/** The cell count must match the header; trailing empty cells (spreadsheet padding) do not count. */
export function checkCellCount(cells: readonly string[], headerLength: number, row: number): SchemaError | null {
  let length = cells.length;
  while (length > headerLength && (cells[length - 1] ?? '').trim() === '') length--;
  if (length === headerLength) return null;
  return { row, message: `The row has ${length} ${length === 1 ? 'cell' : 'cells'} but the header has ${headerLength}` };
}

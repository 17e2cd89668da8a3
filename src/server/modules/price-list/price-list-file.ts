import type { SchemaError } from '@common/contracts/stock';
import { parseMinQuantity, parsePriceText, PRICE_LIST_CODE, PRICE_LIST_FILE_COLUMNS } from '@common/contracts/price-lists';
import { readSpreadsheet, type ReceivedFile, type SheetLimits, type UploadRules } from '../../lib/upload';
import { createIssueCollector, INVALID_SKU, normaliseHeader, parseSku } from '../imports';

/*
 * The price list file (docs/decisions/0231-price-list-files-diff-and-version.md): a CSV or the first
 * sheet of a workbook with the header list,sku,price,min_quantity (min_quantity optional, 1 when blank).
 * Read by the upload module's one reader, off the event loop, with its hostile-file limits.
 */

export interface PriceFileRow {
  /** The spreadsheet's row (the header is row 1). */
  row: number;
  code: string;
  productId: number;
  minQuantity: number;
  price: string;
}

/** 50,000 rows is the benchmark's list; room for a few such lists in one file. */
export const PRICE_LIST_SHEET_LIMITS: SheetLimits = {
  maxRows: 250_001,
  maxColumns: 20,
  maxCells: 3_000_000,
  maxCellChars: 200,
  maxTotalChars: 30_000_000,
  maxSheets: 50,
  maxHeapMb: 256,
  timeoutMs: 60_000,
};

export function priceListUploadRules(maxUploadMb: number): UploadRules {
  return {
    maxBytes: maxUploadMb * 1024 * 1024,
    accept: ['csv', 'xlsx'],
    kindFromName: (name) => (/\.xlsx$/i.test(name) ? 'xlsx' : /\.csv$/i.test(name) ? 'csv' : undefined),
    messages: {
      noFile: 'Choose a price list file (.csv or .xlsx) to upload',
      tooLarge: `The file is larger than the ${maxUploadMb} MB upload limit`,
      wrongType: 'Only CSV files (.csv) or Excel workbooks (.xlsx) can be uploaded',
      notWorkbook: 'The file is not a valid Excel workbook (.xlsx)',
      contentMismatch: 'The file does not hold what its name says (.csv or .xlsx)',
      wrongField: 'Send the file in the form field "file"',
    },
  };
}

export const PRICE_FILE_MESSAGES = {
  unreadable: 'The file could not be read as a CSV file or an Excel workbook (.xlsx)',
  noSheet: 'The workbook has no sheet',
  missingColumns: (missing: string[]) =>
    `The header row needs the columns list, sku and price (min_quantity is optional); ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing`,
  noRows: 'The file has no price rows under its header',
  listRequired: 'The list code is empty',
  badCode: (code: string) => `"${code}" is not a list code (letters, digits, dashes, dots and underscores, at most 40 characters)`,
  badSku: (value: string) => `${INVALID_SKU}: "${value}"`,
  badPrice: (value: string) => `The price "${value}" is not a price of at least 0 with at most 2 decimals, like 8.40`,
  badMinQuantity: (value: string) => `The min_quantity "${value}" is not a whole number of at least 1`,
  repeated: (code: string, sku: number, min: number, first: number) => `List ${code} has SKU ${sku} from ${min} already on row ${first}; keep one of the two rows`,
  unknownList: (code: string) => `There is no price list with the code ${code}; create it under Price lists (or PUT /api/price-lists/${code}) first`,
  unknownSku: (sku: number) => `SKU ${sku} is not in the catalogue`,
} as const;

export type FileRead = { ok: true; rows: PriceFileRow[] } | { ok: false; problems: SchemaError[]; problemCount: number; rows: number };

/** Reads and checks every cell; codes and SKUs are checked against the database afterwards (checkKnown). */
export async function readPriceListFile(file: Pick<ReceivedFile, 'kind' | 'data'>, owner: string): Promise<FileRead> {
  const [sheet] = await readSpreadsheet(file, {
    pick: { sheet: 'first' },
    limits: PRICE_LIST_SHEET_LIMITS,
    unreadable: PRICE_FILE_MESSAGES.unreadable,
    owner,
    csv: { relaxQuotes: true },
  });
  const collector = createIssueCollector();
  if (!sheet) return { ok: false, problems: [{ row: 1, message: PRICE_FILE_MESSAGES.noSheet }], problemCount: 1, rows: 0 };
  const [header, ...records] = sheet.records;
  const columns = new Map<string, number>();
  if (header?.row === 1) {
    header.cells.forEach((cell, index) => {
      const name = normaliseHeader(cell);
      if (!columns.has(name)) columns.set(name, index);
    });
  }
  const at = Object.fromEntries(PRICE_LIST_FILE_COLUMNS.map((c) => [c, columns.get(normaliseHeader(c))])) as Record<(typeof PRICE_LIST_FILE_COLUMNS)[number], number | undefined>;
  const missing = (['list', 'sku', 'price'] as const).filter((c) => at[c] === undefined);
  if (missing.length > 0) return { ok: false, problems: [{ row: 1, message: PRICE_FILE_MESSAGES.missingColumns([...missing]) }], problemCount: 1, rows: 0 };
  const body = header?.row === 1 ? records : sheet.records;
  if (body.length === 0) return { ok: false, problems: [{ row: 2, message: PRICE_FILE_MESSAGES.noRows }], problemCount: 1, rows: 0 };

  const rows: PriceFileRow[] = [];
  const seen = new Map<string, number>();
  for (const record of body) {
    const cell = (index: number | undefined) => (index === undefined ? '' : (record.cells[index] ?? '').trim());
    const code = cell(at.list);
    const skuText = cell(at.sku);
    const priceText = cell(at.price);
    const minText = cell(at.min_quantity);
    const sku = skuText === '' ? undefined : skuText;
    if (code === '') collector.sink.error({ row: record.row, message: PRICE_FILE_MESSAGES.listRequired, sku });
    else if (!PRICE_LIST_CODE.test(code)) collector.sink.error({ row: record.row, message: PRICE_FILE_MESSAGES.badCode(code), sku });
    const productId = parseSku(skuText);
    if (productId === null) collector.sink.error({ row: record.row, message: PRICE_FILE_MESSAGES.badSku(skuText), sku });
    const price = parsePriceText(priceText);
    if (price === null) collector.sink.error({ row: record.row, message: PRICE_FILE_MESSAGES.badPrice(priceText), sku });
    const minQuantity = parseMinQuantity(minText);
    if (minQuantity === null) collector.sink.error({ row: record.row, message: PRICE_FILE_MESSAGES.badMinQuantity(minText), sku });
    if (code === '' || !PRICE_LIST_CODE.test(code) || productId === null || price === null || minQuantity === null) continue;
    const key = `${code.toLowerCase()}\u0000${productId}\u0000${minQuantity}`;
    const first = seen.get(key);
    if (first !== undefined) {
      collector.sink.error({ row: record.row, message: PRICE_FILE_MESSAGES.repeated(code, productId, minQuantity, first), sku });
      continue;
    }
    seen.set(key, record.row);
    rows.push({ row: record.row, code, productId, minQuantity, price });
  }
  if (collector.hasErrors()) return { ok: false, problems: collector.lists().schemaErrors, problemCount: collector.totalErrors(), rows: body.length };
  return { ok: true, rows };
}

/** Unknown list codes and SKUs as row problems, in row order. */
export function checkKnown(rows: readonly PriceFileRow[], knownCodes: ReadonlySet<string>, knownSkus: ReadonlySet<number>): { problems: SchemaError[]; problemCount: number } {
  const collector = createIssueCollector();
  for (const row of rows) {
    const sku = String(row.productId);
    if (!knownCodes.has(row.code.toLowerCase())) collector.sink.error({ row: row.row, message: PRICE_FILE_MESSAGES.unknownList(row.code), sku });
    if (!knownSkus.has(row.productId)) collector.sink.error({ row: row.row, message: PRICE_FILE_MESSAGES.unknownSku(row.productId), sku });
  }
  return { problems: collector.lists().schemaErrors, problemCount: collector.totalErrors() };
}

/** What the history keeps: the checked rows as a CSV in the file's own columns. */
export function storedCsv(rows: readonly PriceFileRow[]): Buffer {
  const lines = [PRICE_LIST_FILE_COLUMNS.join(',')];
  for (const r of rows) lines.push(`${r.code},${r.productId},${r.price},${r.minQuantity}`);
  return Buffer.from(`${lines.join('\n')}\n`, 'utf8');
}

/** The kept CSV read back (it was written by storedCsv, so it needs no general reader). */
export function readStoredCsv(data: Buffer): PriceFileRow[] {
  const lines = data.toString('utf8').split('\n');
  const rows: PriceFileRow[] = [];
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (line === '') continue;
    const [code, sku, price, min] = line.split(',');
    rows.push({ row: i + 1, code: code!, productId: Number(sku), price: price!, minQuantity: Number(min) });
  }
  return rows;
}


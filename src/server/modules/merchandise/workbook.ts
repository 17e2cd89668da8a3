import type { MerchandiseRowIssue } from '@common/contracts/merchandise';
import { userTemplateRows } from '@common/domain/user-import';
import { MERCHANDISE_TYPES, type MerchandiseType } from '@common/domain/cart-rules';
import {
  columnPositions,
  MERCHANDISE_COLUMNS,
  MERCHANDISE_IMPORT_MESSAGES,
  MERCHANDISE_SHEETS,
  validateMerchandiseRow,
  type MerchandiseColumn,
  type MerchandiseRowValue,
} from '@common/domain/merchandise-import';
import { isExampleKey, TEMPLATE_EXAMPLE_NOTE } from '@common/domain/template-examples';
import type ExcelJS from 'exceljs';
import type { SheetContent, SheetLimits } from '../../lib/upload';

/** Most rows one upload may carry; far above the real set, low enough to bound the work. */
export const MAX_MERCHANDISE_ROWS = 5000;

/**
 * One example row per sheet. Codes start with EXAMPLE and such rows are skipped on upload,
 * so the template uploaded unchanged changes nothing (docs/decisions/0130). Prices are
 * numbers, so Excel shows them as numbers and does not flag them.
 */
const EXAMPLES: Record<MerchandiseType, Record<MerchandiseColumn, string | number>> = {
  display: {
    type: 'display',
    code: 'EXAMPLE-DSP-01',
    name: 'Floor Spinner Display',
    description: 'Four-sided rotating spinner holding 48 samples.',
    line: '',
    category: 'Floor Displays',
    handboardType: '',
    price: 0,
  },
  label: {
    type: 'label',
    code: 'EXAMPLE-LBL-01',
    name: 'Shelf Label 4x6',
    description: 'Shelf label with the line name and sizes.',
    line: 'Calacatta Luxe',
    category: '',
    handboardType: '',
    price: 0,
  },
  pricelist: {
    type: 'pricelist',
    code: 'EXAMPLE-PL-01',
    name: 'Dealer Price List 2026',
    description: 'Printed dealer price list.',
    line: '',
    category: 'General',
    handboardType: '',
    price: 0,
  },
  handboard: {
    type: 'handboard',
    code: 'EXAMPLE-HB-01',
    name: 'Calacatta Luxe Handboard',
    description: 'Handboard showing the colours of the line.',
    line: 'Calacatta Luxe',
    category: '',
    handboardType: 'Handboard',
    price: 0,
  },
};

function addHeader(sheet: ExcelJS.Worksheet, headers: readonly string[]) {
  sheet.addRow([...headers]);
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  sheet.columns.forEach((column) => {
    column.width = 22;
  });
}

/**
 * docs/product-decisions.md: one workbook with a sheet per merchandise type and a users sheet,
 * each with its header and an example row; the type column offers a list.
 */
export async function merchandiseTemplate(): Promise<Buffer> {
  // Loaded on first use: it weighs ~30 MB of memory that an idle server should not hold.
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  workbook.creator = 'BOLD portal';
  for (const { name, type } of MERCHANDISE_SHEETS) {
    const sheet = workbook.addWorksheet(name);
    // The note column is not a merchandise column: the upload ignores headers it does not know.
    addHeader(sheet, [...MERCHANDISE_COLUMNS, 'note']);
    sheet.addRow([...MERCHANDISE_COLUMNS.map((column) => EXAMPLES[type][column]), TEMPLATE_EXAMPLE_NOTE]);
    sheet.getColumn(MERCHANDISE_COLUMNS.indexOf('price') + 1).numFmt = '0.00';
    sheet.getColumn(MERCHANDISE_COLUMNS.length + 1).width = 60;
    for (let row = 2; row <= 1000; row += 1) {
      sheet.getCell(row, 1).dataValidation = {
        type: 'list',
        allowBlank: true,
        formulae: [`"${MERCHANDISE_TYPES.join(',')}"`],
        showErrorMessage: true,
        errorTitle: 'Invalid type',
        error: MERCHANDISE_IMPORT_MESSAGES.badType,
      };
    }
  }
  // The users sheet: example rows marked EXAMPLE that the import never reads; every
  // cell is text (format "@"), so a phone or a password of digits stays as typed.
  const [userHeader = [], ...userExamples] = userTemplateRows();
  const users = workbook.addWorksheet('users');
  addHeader(users, userHeader);
  users.addRows(userExamples);
  users.columns.forEach((column) => {
    column.numFmt = '@';
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export interface ParsedRow {
  sheet: string;
  row: number;
  value: MerchandiseRowValue;
}

export type ReadResult =
  | { ok: true; rows: ParsedRow[]; examples: number }
  | { ok: false; issues: MerchandiseRowIssue[] }
  | { ok: false; tooMany: true };

/**
 * The reader's bounds for a merchandise workbook: a little past MAX_MERCHANDISE_ROWS, so a file
 * just over it still gets the service's own sentence (docs/decisions/0201-one-spreadsheet-reader-off-the-event-loop.md).
 */
export const MERCHANDISE_SHEET_LIMITS: SheetLimits = {
  maxRows: MAX_MERCHANDISE_ROWS + 500,
  maxColumns: 50,
  maxCells: 200_000,
  maxCellChars: 5_000,
  maxTotalChars: 10_000_000,
  maxSheets: 50,
  maxHeapMb: 128,
  timeoutMs: 20_000,
};

/**
 * Reads every merchandise sheet: the four named ones, and any other sheet (not
 * users, which the reader leaves out) whose header has a code column. Blank rows are
 * skipped, and so are the template's example rows (code starting with EXAMPLE), which
 * are only counted.
 */
export function readMerchandiseRows(sheets: readonly SheetContent[]): ReadResult {
  const rows: ParsedRow[] = [];
  const issues: MerchandiseRowIssue[] = [];
  const firstSeen = new Map<string, string>();
  let examples = 0;
  for (const sheet of sheets) {
    const sheetName = sheet.name.trim();
    const [header, ...rest] = sheet.records;
    if (header?.row !== 1) continue;
    const positions = columnPositions(header.cells);
    if (positions.code === undefined) continue;
    const sheetType = MERCHANDISE_SHEETS.find((s) => s.name === sheetName.toLowerCase())?.type;
    for (const { row: r, cells } of rest) {
      if (positions.code !== undefined && isExampleKey(cells[positions.code] ?? '')) {
        examples += 1;
        continue;
      }
      if (rows.length + issues.length >= MAX_MERCHANDISE_ROWS) return { ok: false, tooMany: true };
      const byColumn: Partial<Record<MerchandiseColumn, string>> = {};
      for (const column of MERCHANDISE_COLUMNS) {
        const at = positions[column];
        if (at !== undefined) byColumn[column] = cells[at] ?? '';
      }
      const result = validateMerchandiseRow(byColumn, sheetType);
      if (!result.ok) {
        issues.push({ sheet: sheetName, row: r, messages: result.messages });
        continue;
      }
      const key = `${result.value.type}\u0000${result.value.code}`;
      const first = firstSeen.get(key);
      if (first) {
        issues.push({ sheet: sheetName, row: r, messages: [MERCHANDISE_IMPORT_MESSAGES.duplicate(result.value.code, first)] });
        continue;
      }
      firstSeen.set(key, `${sheetName} row ${r}`);
      rows.push({ sheet: sheetName, row: r, value: result.value });
    }
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, rows, examples };
}

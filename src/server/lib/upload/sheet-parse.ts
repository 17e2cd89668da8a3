import { parse as parseCsv } from 'csv-parse';
import type ExcelJS from 'exceljs';
import { Readable } from 'node:stream';
import { workbookInReadingOrder } from './workbook-order';
import { SHEET_LIMIT_MESSAGES as M, SheetLimitError, type SheetAnswer, type SheetContent, type SheetJob, type SheetRecord } from './sheet-limits';

/**
 * The parsing itself, run inside the reading worker (sheet-worker.ts). Only what
 * is in the file is visited: exceljs's streaming reader hands over the rows that
 * exist, and each row's cells through eachCell, so a sheet's claimed size, its
 * <dimension> and merged ranges cost nothing. A row costs exceljs a walk up to its
 * last cell, so the cell limit counts that span: cells far to the right are paid
 * for, and refused early (docs/decisions/0201-one-spreadsheet-reader-off-the-event-loop.md).
 */
export async function parseSheets(job: SheetJob): Promise<SheetAnswer> {
  try {
    const sheets = job.kind === 'csv' ? await readCsv(job) : await readWorkbook(job);
    return { ok: true, sheets };
  } catch (error) {
    if (error instanceof SheetLimitError) return { ok: false, status: error.status, message: error.message };
    // A CSV the parser refuses (CsvError), or a zip exceljs cannot read as a workbook.
    if (error instanceof Error) return { ok: false, unreadable: true };
    throw error;
  }
}

/** Counts what one read has taken so far and refuses past a limit, as it goes. */
class Budget {
  private rows = 0;
  private cellsSeen = 0;
  private chars = 0;
  constructor(private readonly limits: SheetJob['limits']) {}

  cells(count: number): void {
    this.cellsSeen += count;
    if (this.cellsSeen > this.limits.maxCells) throw new SheetLimitError(413, M.cells(this.limits.maxCells));
  }

  text(value: string, row: number): void {
    if (value.length > this.limits.maxCellChars) throw new SheetLimitError(400, M.cellChars(this.limits.maxCellChars, row));
    this.chars += value.length;
    if (this.chars > this.limits.maxTotalChars) throw new SheetLimitError(413, M.totalChars(this.limits.maxTotalChars));
  }

  row(): void {
    this.rows += 1;
    if (this.rows > this.limits.maxRows) throw new SheetLimitError(413, M.rows(this.limits.maxRows));
  }
}

async function readCsv(job: SheetJob): Promise<SheetContent[]> {
  const budget = new Budget(job.limits);
  const records: SheetRecord[] = [];
  const parser = Readable.from([Buffer.from(job.data.buffer, job.data.byteOffset, job.data.byteLength)]).pipe(
    parseCsv({ bom: true, relax_column_count: true, relax_quotes: job.csv.relaxQuotes, max_record_size: job.csv.maxRecordBytes }),
  );
  let position = 0;
  for await (const fields of parser as AsyncIterable<string[]>) {
    position += 1;
    // A blank line is no row; the others keep their position as their number, as people count them.
    if (fields.length === 1 && fields[0] === '') continue;
    const cells: string[] = [];
    budget.cells(fields.length);
    for (const [at, field] of fields.entries()) {
      if (at >= job.limits.maxColumns) break;
      budget.text(field, position);
      cells.push(field);
    }
    budget.row();
    records.push({ row: position, cells });
  }
  return [{ name: 'csv', records }];
}

/** A date cell is the calendar date it shows (Excel keeps dates as UTC midnight); any other cell its text. */
function cellText(cell: ExcelJS.Cell): string {
  const value = cell.value;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  return cell.text.trim();
}

async function readWorkbook(job: SheetJob): Promise<SheetContent[]> {
  const budget = new Budget(job.limits);
  const input = Readable.from([Buffer.from(workbookInReadingOrder(new Uint8Array(job.data.buffer, job.data.byteOffset, job.data.byteLength)))]);
  // Styles are kept for number formats (a date is a number with a date format); hyperlinks and entries are not read.
  // Loaded only for a workbook: a CSV read does not pay for it.
  const { default: Excel } = await import('exceljs');
  const reader = new Excel.stream.xlsx.WorkbookReader(input, { sharedStrings: 'cache', styles: 'cache', worksheets: 'emit', hyperlinks: 'ignore', entries: 'ignore' });
  const sheets: SheetContent[] = [];
  let seen = 0;
  for await (const worksheet of reader) {
    seen += 1;
    if (seen > job.limits.maxSheets) throw new SheetLimitError(413, M.sheets(job.limits.maxSheets));
    const name = (worksheet as unknown as { name: string }).name;
    if (!wanted(job, name, seen)) continue;
    const records: SheetRecord[] = [];
    for await (const row of worksheet) records.push(...readRow(row, job, budget));
    sheets.push({ name, records });
    if (job.pick.sheet !== 'all') break;
  }
  return sheets;
}

/** "first" is the first sheet the file holds; exceljs names each sheet from the workbook's own list. */
function wanted(job: SheetJob, name: string, position: number): boolean {
  const pick = job.pick;
  const normal = name.trim().toLowerCase();
  if (pick.sheet === 'first') return position === 1;
  if (pick.sheet === 'named') return normal === pick.name.toLowerCase();
  return !(pick.except ?? []).some((other) => other.toLowerCase() === normal);
}

/** The row's kept cells (none, or one record): present cells only, those past maxColumns skipped. */
function readRow(row: ExcelJS.Row, job: SheetJob, budget: Budget): SheetRecord[] {
  const cells: string[] = [];
  let filled = false;
  // exceljs walks a row up to its last cell (cellCount), so that is what the row costs.
  budget.cells(row.cellCount);
  row.eachCell({ includeEmpty: false }, (cell, column) => {
    if (column > job.limits.maxColumns) return;
    const text = cellText(cell);
    budget.text(text, row.number);
    while (cells.length < column - 1) cells.push('');
    cells[column - 1] = text;
    filled ||= text !== '';
  });
  if (!filled) return [];
  budget.row();
  return [{ row: row.number, cells }];
}

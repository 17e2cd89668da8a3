/**
 * What one spreadsheet read may cost, and the sentences that name each bound
 * (docs/decisions/0201-one-spreadsheet-reader-off-the-event-loop.md). Shared by
 * the main thread and the reading worker, so it imports nothing.
 */
export interface SheetLimits {
  /** Non-empty rows read, over every sheet read. */
  maxRows: number;
  /** Columns read (A.. this one); cells further right are skipped, never copied. */
  maxColumns: number;
  /**
   * Cells counted from column A to each row's last cell, over every sheet read: what the parser
   * walks for a row (one cell in column XFD costs 16,384), so this bounds its work.
   */
  maxCells: number;
  /** Characters in one cell that is read. */
  maxCellChars: number;
  /** Characters over every cell read: bounds the answer. */
  maxTotalChars: number;
  /** Sheets in the workbook. */
  maxSheets: number;
  /** The reading worker's old-generation heap. */
  maxHeapMb: number;
  /** Wall clock for one read, from the worker's start. */
  timeoutMs: number;
}

/** Which sheets of a workbook to read; a CSV is always the one sheet "csv". */
export type SheetPick = { sheet: 'first' } | { sheet: 'named'; name: string } | { sheet: 'all'; except?: readonly string[] };

export interface SheetRecord {
  /** The row number people see: the spreadsheet's row, or the CSV record's position (header = 1). */
  row: number;
  cells: string[];
}

export interface SheetContent {
  name: string;
  records: SheetRecord[];
}

export interface SheetJob {
  kind: 'csv' | 'xlsx';
  data: Uint8Array;
  pick: SheetPick;
  limits: Omit<SheetLimits, 'maxHeapMb' | 'timeoutMs'>;
  csv: { relaxQuotes: boolean; maxRecordBytes: number };
}

export type SheetAnswer =
  | { ok: true; sheets: SheetContent[] }
  /** A limit was passed: the status and the sentence that names it. */
  | { ok: false; status: 400 | 413; message: string }
  /** Not a workbook (or CSV) the parser can read. */
  | { ok: false; unreadable: true };

const n = (value: number) => value.toLocaleString('en-US');

export const SHEET_LIMIT_MESSAGES = {
  rows: (max: number) => `The sheet has more than ${n(max)} rows; split it into files of at most ${n(max)} rows`,
  cells: (max: number) =>
    `The sheet has more than ${n(max)} cells, counting each row from column A to its last cell; delete the cells far to the right or below, or split it into smaller files`,
  cellChars: (max: number, row: number) => `Row ${n(row)} has a cell longer than ${n(max)} characters; shorten it to at most ${n(max)} characters`,
  totalChars: (max: number) => `The sheet holds more than ${n(max)} characters of text; split it into smaller files`,
  sheets: (max: number) => `The workbook has more than ${n(max)} sheets; keep at most ${n(max)} sheets in the file`,
  memory: (mb: number) => `Reading the file needs more than ${n(mb)} MB of memory; split it into smaller files`,
  time: (ms: number) => `Reading the file took longer than ${n(ms / 1000)} seconds; split it into smaller files`,
} as const;

export class SheetLimitError extends Error {
  constructor(
    readonly status: 400 | 413,
    message: string,
  ) {
    super(message);
  }
}

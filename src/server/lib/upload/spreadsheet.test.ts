import ExcelJS from 'exceljs';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { number, row, workbook } from '../../../../test/hostile-workbooks';
import { HttpError } from '../http-error';
import { SHEET_LIMIT_MESSAGES, type SheetLimits } from './sheet-limits';
import { readSpreadsheet, UnreadableSheet } from './spreadsheet';

/** The one reader's own promises (docs/decisions/0201-one-spreadsheet-reader-off-the-event-loop.md). */
const LIMITS: SheetLimits = { maxRows: 100_000, maxColumns: 10, maxCells: 1_000_000, maxCellChars: 100, maxTotalChars: 10_000_000, maxSheets: 5, maxHeapMb: 128, timeoutMs: 30_000 };

async function bigWorkbook(rows: number): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('big');
  for (let r = 1; r <= rows; r += 1) sheet.addRow([r, `lot-${r}-${'x'.repeat(40)}`, `shade ${r % 97}`, r * 3]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const read = (data: Buffer, limits: Partial<SheetLimits> = {}, kind: 'csv' | 'xlsx' = 'xlsx') =>
  readSpreadsheet({ kind, data }, { pick: { sheet: 'first' }, limits: { ...LIMITS, ...limits }, unreadable: 'Not a workbook', owner: 'test' });

/** The first child process of `pid` to appear (the reader), within five seconds. */
async function childOf(pid: number): Promise<number> {
  for (let tries = 0; tries < 100; tries += 1) {
    // ps is a child too: only a node process counts.
    const lines = execFileSync('ps', ['-o', 'pid=,comm=', '--ppid', String(pid)], { encoding: 'utf8' }).trim().split('\n');
    const reader = lines.map((line) => line.trim().split(/\s+/)).find(([, command]) => command === 'node');
    if (reader) return Number(reader[0]);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('no reading process started');
}

async function refusal(work: Promise<unknown>): Promise<HttpError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

// This file's own temporary directory: every read's files must be gone from it afterwards.
const ownTemp = mkdtempSync(join(tmpdir(), 'spreadsheet-test-'));
let previousTemp: string | undefined;
beforeAll(() => {
  previousTemp = process.env.TMPDIR;
  process.env.TMPDIR = ownTemp;
});
afterAll(() => {
  if (previousTemp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = previousTemp;
  rmSync(ownTemp, { recursive: true, force: true });
});

describe('readSpreadsheet', () => {
  it('reads a date cell as the calendar date it shows, and other cells as their text', async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('first').addRows([['sku', 'eta', 'price'], [1001, new Date(Date.UTC(2027, 2, 1)), 12.5]]);
    book.addWorksheet('second').addRow(['not read']);
    const [sheet, ...others] = await read(Buffer.from(await book.xlsx.writeBuffer()));
    expect(others).toEqual([]);
    expect(sheet).toEqual({ name: 'first', records: [{ row: 1, cells: ['sku', 'eta', 'price'] }, { row: 2, cells: ['1001', '2027-03-01', '12.5'] }] });
  });

  it('keeps a CSV record position as its row and leaves blank lines out', async () => {
    const [sheet] = await read(Buffer.from('sku,qty\n\n1001,4\n'), {}, 'csv');
    expect(sheet!.records).toEqual([{ row: 1, cells: ['sku', 'qty'] }, { row: 3, cells: ['1001', '4'] }]);
  });

  it('reads a 60,000-row workbook within a 256 MB heap, the lots upload’s cap (a stored, uncompressed rewrite of its parts did not)', async () => {
    const [sheet] = await read(await bigWorkbook(60_000), { maxHeapMb: 256 });
    expect(sheet!.records).toHaveLength(60_000);
  });

  it('answers a worker that runs out of memory with a 413 naming the limit, and the process goes on', async () => {
    const data = await bigWorkbook(20_000);
    const error = await refusal(read(data, { maxHeapMb: 16 }));
    expect(error.statusCode).toBe(413);
    expect(error.message).toBe(SHEET_LIMIT_MESSAGES.memory(16));
    // The same file within an ordinary heap is read.
    const [sheet] = await read(data);
    expect(sheet!.records).toHaveLength(20_000);
  });

  it('ends a read past its deadline with a 413 naming the limit', async () => {
    const error = await refusal(read(await bigWorkbook(20_000), { timeoutMs: 50 }));
    expect(error.statusCode).toBe(413);
    expect(error.message).toBe(SHEET_LIMIT_MESSAGES.time(50));
  });

  it('answers a reader that aborts as unreadable, and the portal process goes on', async () => {
    // Terminating a worker thread while zlib opened a part aborted the whole process on Node 20
    // ("close before init", seen in CI): the reader is a child process, which may die any way it likes.
    const reading = refusal(read(await bigWorkbook(20_000)));
    const reader = await childOf(process.pid);
    process.kill(reader, 'SIGABRT');
    expect(await reading).toBeInstanceOf(UnreadableSheet);
    expect((await read(Buffer.from('1001,3\n'), {}, 'csv'))[0]?.records).toEqual([{ row: 1, cells: ['1001', '3'] }]);
  });

  it('refuses a file that is not a workbook as unreadable', async () => {
    const error = await refusal(read(Buffer.from('PK\u0003\u0004 but no workbook')));
    expect(error).toBeInstanceOf(UnreadableSheet);
    expect(error.statusCode).toBe(400);
  });

  it('names each limit it meets: rows, text per cell, text in all', async () => {
    const csv = Buffer.from(`${'1001,abc\n'.repeat(50)}`);
    expect((await refusal(read(csv, { maxRows: 10 }, 'csv'))).message).toBe(SHEET_LIMIT_MESSAGES.rows(10));
    expect((await refusal(read(csv, { maxCellChars: 2 }, 'csv'))).message).toBe(SHEET_LIMIT_MESSAGES.cellChars(2, 1));
    expect((await refusal(read(csv, { maxTotalChars: 100 }, 'csv'))).message).toBe(SHEET_LIMIT_MESSAGES.totalChars(100));
    expect((await refusal(read(csv, { maxCells: 20 }, 'csv'))).message).toBe(SHEET_LIMIT_MESSAGES.cells(20));
  });

  it('leaves no temporary file behind, whether a read ends, stops at the first sheet or is cut off', async () => {
    // Excel's order (sheets before the shared strings) makes exceljs park the sheets in files.
    const twoSheets = workbook({ sheets: [{ name: 'a', rows: row(1, number('A1', 1)) }, { name: 'b', rows: row(1, number('A1', 2)) }], sharedStrings: ['x'] });
    await read(twoSheets);
    await refusal(read(await bigWorkbook(20_000), { timeoutMs: 50 }));
    await expect.poll(() => readdirSync(ownTemp), { timeout: 5000 }).toEqual([]);
  });
});

import type { Readable } from 'node:stream';
import { isExampleKey, ONLY_EXAMPLE_ROWS } from '@common/domain/template-examples';
import type { Tx } from '../../db/client';
import { CsvSyntaxError, parseSku, readCsvRecords, type CsvRecord, type IssueCollector } from '../imports';
import { stageRows } from './repository';
import { checkCellCount, readHeader, readStockRow, type HeaderResult, type StockRow } from './row-rules';

/** Rows per staging statement: about 300 KB of JSON, well inside one round trip. */
const STAGE_BATCH = 1000;

type Collector = IssueCollector;

/**
 * Step 1, parse: hands the file's records to `onRecords` a chunk at a time, as they
 * arrive. `text` is the upload module's checked text (lib/upload receiveCsvText): it
 * fails with a 413 past the size limit or a 415/400 when it is not CSV text; a CSV
 * syntax error becomes an error of the file and ends reading (`unreadable`).
 */
export async function parseRecords(
  text: Readable,
  collector: Collector,
  onRecords: (records: CsvRecord[]) => Promise<void>,
): Promise<{ unreadable: boolean }> {
  let unreadable = false;
  try {
    await readCsvRecords(text, onRecords);
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error;
    // Records parsed before the broken one may not have reached us; the file is rejected either way.
    unreadable = true;
    collector.sink.error({ row: error.row, message: error.message });
  }
  return { unreadable };
}

/**
 * Step 2, validate each row: the first record is the header; every later one is
 * checked against it and against the SKUs seen so far. Problems go to the collector.
 */
export function createRowValidator(collector: Collector) {
  let header: HeaderResult | null = null;
  let rows = 0;
  let examples = 0;
  const firstRowOf = new Map<number, number>();

  return {
    /** The row to stage, or null for the header and for a row with problems. */
    check(row: number, cells: string[]): StockRow | null {
      if (!header) {
        header = readHeader(cells);
        header.errors.forEach(collector.sink.error);
        header.issues.forEach(collector.sink.issue);
        return null;
      }
      // The template's example rows (SKU EXAMPLE-1 ...) are documentation, never data (docs/decisions/0130).
      const idAt = header.columns.indexOf('id');
      if (idAt >= 0 && isExampleKey(cells[idAt] ?? '')) {
        examples += 1;
        return null;
      }
      rows += 1;
      // Without a usable header the rows cannot be read; counting them is all that is left.
      if (header.errors.length > 0) return null;
      const cellProblem = checkCellCount(cells, header.columns.length, row);
      if (cellProblem) {
        const sku = idAt >= 0 ? (cells[idAt] ?? '').trim() : '';
        collector.sink.error(parseSku(sku) !== null ? { ...cellProblem, sku } : cellProblem);
        return null;
      }
      const parsed = readStockRow(cells, row, header, collector.sink);
      // A SKU given twice is found even when either row has other problems: one pass says it all.
      const id = parseSku((cells[idAt] ?? '').trim());
      if (id === null) return parsed;
      const first = firstRowOf.get(id);
      if (first !== undefined) {
        collector.sink.error({ row, sku: String(id), message: `SKU ${id} appears more than once (first on row ${first})` });
        return null;
      }
      firstRowOf.set(id, row);
      return parsed;
    },
    header: () => header,
    rows: () => rows,
    examples: () => examples,
  };
}

/** Valid rows go to the staging table in batches; once the file is known to be rejected, nothing more is staged. */
export function createStager(tx: Tx, collector: Collector) {
  let batch: StockRow[] = [];
  return {
    add(row: StockRow | null): void {
      if (collector.hasErrors()) batch = [];
      else if (row) batch.push(row);
    },
    async flushIfFull(): Promise<void> {
      if (batch.length >= STAGE_BATCH) await this.flush();
    },
    async flush(): Promise<void> {
      await stageRows(tx, batch);
      batch = [];
    },
  };
}

/**
 * Step 3, validate the file as a whole: an empty file, or a header without rows, is an
 * error. Returns the header when the file may be applied, null when it is rejected.
 */
export function checkWholeFile(
  collector: Collector,
  read: { header: HeaderResult | null; rows: number; examples: number; unreadable: boolean },
): HeaderResult | null {
  const { header, rows, examples, unreadable } = read;
  if (!header && !unreadable) collector.sink.error({ row: 1, message: 'The file is empty' });
  else if (header && rows === 0 && header.errors.length === 0 && !unreadable) {
    // Nothing to import is refused, never applied: with mode=replace it would empty the catalogue.
    collector.sink.error({ row: 2, message: examples > 0 ? ONLY_EXAMPLE_ROWS : 'The file has a header but no product rows' });
  }
  return header && !collector.hasErrors() ? header : null;
}

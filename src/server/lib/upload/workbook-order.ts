import { unzipSync, zipSync, type Unzipped } from 'fflate';

/**
 * The workbook's parts that exceljs's streaming reader must have read before any sheet: it names each
 * sheet from workbook.xml (with its rels) and reads cells against the shared strings and styles. In a
 * zip where a sheet comes after the shared strings and the rels but before workbook.xml (the order
 * exceljs itself writes a workbook it loaded), its reader fails outright ("reading 'sheets'"), and a
 * sheet ahead of the shared strings is parked in a temporary file. Putting these parts first avoids
 * both (docs/decisions/0201-one-spreadsheet-reader-off-the-event-loop.md).
 */
const FIRST_PARTS = ['[Content_Types].xml', '_rels/.rels', 'xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/styles.xml', 'xl/sharedStrings.xml'];

/**
 * The same workbook with those parts first and every other part after them in its own order. Deflated
 * again at the fastest level, not stored: exceljs's reader hands a stored part to its XML parser as one
 * chunk and builds every event of it at once (a 60,000-row sheet then passed the 256 MB heap cap), while
 * an inflated part arrives in small chunks. Runs in the reading worker, under its heap cap and deadline;
 * the zip guard has already bounded every part's size.
 */
export function workbookInReadingOrder(data: Uint8Array): Uint8Array {
  const parts: Unzipped = unzipSync(data);
  const ordered: Unzipped = {};
  for (const name of FIRST_PARTS) if (parts[name]) ordered[name] = parts[name];
  for (const [name, content] of Object.entries(parts)) if (!(name in ordered)) ordered[name] = content;
  return zipSync(ordered, { level: 1 });
}

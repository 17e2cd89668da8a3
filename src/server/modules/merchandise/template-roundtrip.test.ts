import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readSpreadsheet } from '../../lib/upload';
import { merchandiseTemplate, MERCHANDISE_SHEET_LIMITS, readMerchandiseRows } from './workbook';

/**
 * The admin's round trip: the template downloaded, filled in with exceljs (or Excel) and uploaded.
 * exceljs writes a loaded workbook's sheets before workbook.xml, an order its streaming reader
 * fails on unless the reading worker puts the workbook's parts first
 * (docs/decisions/0201-one-spreadsheet-reader-off-the-event-loop.md).
 */
describe('the merchandise template, filled in and written back by exceljs', () => {
  it('is read sheet by sheet with its two new rows', async () => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await merchandiseTemplate()) as unknown as ExcelJS.Buffer);
    for (const name of ['pricelists', 'handboards']) book.getWorksheet(name)!.spliceRows(2, 1);
    book.getWorksheet('displays')!.getRow(2).values = ['display', 'RT-DSP-1', 'Round Trip Display', 'Filled in', '', 'Round Trip', '', '0'];
    book.getWorksheet('labels')!.getRow(2).values = ['label', 'RT-LBL-1', 'Round Trip Label', '', 'Round Trip Line', '', '', ''];
    const data = Buffer.from(await book.xlsx.writeBuffer());

    const sheets = await readSpreadsheet(
      { kind: 'xlsx', data },
      { pick: { sheet: 'all', except: ['users'] }, limits: MERCHANDISE_SHEET_LIMITS, unreadable: 'unreadable', owner: 'test' },
    );
    expect(sheets.map((s) => s.name)).toEqual(['displays', 'labels', 'pricelists', 'handboards']);
    const read = readMerchandiseRows(sheets);
    expect(read.ok).toBe(true);
    expect(read.ok && read.rows.map((r) => r.value.code)).toEqual(['RT-DSP-1', 'RT-LBL-1']);
  });
});

import { crc32, deflateRawSync } from 'node:zlib';

/**
 * Hostile .xlsx files written part by part (the XML and the zip by hand), in the
 * shapes an attacker sends: far-out cells, lying dimensions, huge shared strings,
 * many sheets, merged ranges over the whole grid, deep or huge styles
 * (docs/decisions/0201-one-spreadsheet-reader-off-the-event-loop.md). Each is a
 * small download that a reader trusting the sheet's claimed size turns into
 * minutes of work or gigabytes of memory. Used by the tests and bench/hostile-files.ts.
 */

/** A zip of `files`, deflated, with a correct central directory. */
export function zip(files: Record<string, string | Buffer>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(files)) {
    const data = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    const packed = deflateRawSync(data);
    const nameBytes = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, packed);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const PLAIN_STYLES = `${XML}<styleSheet xmlns="${MAIN}"><cellXfs count="1"><xf numFmtId="0"/></cellXfs></styleSheet>`;

export interface WorkbookParts {
  /** Each sheet's <sheetData> content, and anything after it (mergeCells) or before it (dimension). */
  sheets: { name: string; rows: string; before?: string; after?: string }[];
  sharedStrings?: string[];
  styles?: string;
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** An .xlsx from its parts, in Excel's order: sheets, then styles, then shared strings. */
export function workbook(parts: WorkbookParts): Buffer {
  const sheets = parts.sheets.map((_, i) => i + 1);
  const files: Record<string, string | Buffer> = {
    '[Content_Types].xml':
      `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      sheets.map((n) => `<Override PartName="/xl/worksheets/sheet${n}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('') +
      '</Types>',
    '_rels/.rels': `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml':
      `${XML}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets>` +
      parts.sheets.map((sheet, i) => `<sheet name="${escape(sheet.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('') +
      '</sheets></workbook>',
    'xl/_rels/workbook.xml.rels':
      `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      sheets.map((n) => `<Relationship Id="rId${n}" Type="${REL}/worksheet" Target="worksheets/sheet${n}.xml"/>`).join('') +
      `<Relationship Id="rId${sheets.length + 1}" Type="${REL}/styles" Target="styles.xml"/>` +
      `<Relationship Id="rId${sheets.length + 2}" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/>` +
      '</Relationships>',
  };
  parts.sheets.forEach((sheet, i) => {
    files[`xl/worksheets/sheet${i + 1}.xml`] = `${XML}<worksheet xmlns="${MAIN}">${sheet.before ?? ''}<sheetData>${sheet.rows}</sheetData>${sheet.after ?? ''}</worksheet>`;
  });
  files['xl/styles.xml'] = parts.styles ?? PLAIN_STYLES;
  const strings = parts.sharedStrings ?? [];
  files['xl/sharedStrings.xml'] = `${XML}<sst xmlns="${MAIN}" count="${strings.length}" uniqueCount="${strings.length}">${strings.map((s) => `<si><t>${escape(s)}</t></si>`).join('')}</sst>`;
  return zip(files);
}

/** An inline-string cell. */
export const text = (ref: string, value: string) => `<c r="${ref}" t="inlineStr"><is><t>${escape(value)}</t></is></c>`;
export const number = (ref: string, value: number) => `<c r="${ref}"><v>${value}</v></c>`;
export const row = (r: number, cells: string) => `<row r="${r}">${cells}</row>`;

const range = (count: number, from = 0) => Array.from({ length: count }, (_, i) => i + from);

/** The shapes, by name, each with the sheet it lands in (the users import reads the sheet "users"). */
export function hostileWorkbooks(sheetName = 'Sheet1', header = 'SKU'): Record<string, Buffer> {
  const sheet = (rows: string, extra: Partial<WorkbookParts['sheets'][number]> = {}) => ({ name: sheetName, rows, ...extra });
  return {
    // A 14.5 KB file: a header and 2,500 rows each with one cell in the last column.
    farColumn: workbook({ sheets: [sheet(row(1, text('A1', header)) + range(2500, 2).map((r) => row(r, number(`XFD${r}`, 1))).join(''))] }),
    // One cell in the last row of the grid.
    lastRow: workbook({ sheets: [sheet(row(1, text('A1', header)) + row(1048576, number('A1048576', 1001)))] }),
    // 1,000 rows spread over the whole height of the grid.
    farRows: workbook({ sheets: [sheet(row(1, text('A1', header)) + range(1000, 1).map((i) => row(i * 1048, number(`A${i * 1048}`, 1001))).join(''))] }),
    // One 32,000-character text used by 5,000 rows: 35 KB that a naive answer turns into 160 MB.
    hugeSharedString: workbook({
      sheets: [sheet(row(1, text('A1', header)) + range(5000, 2).map((r) => row(r, `<c r="A${r}" t="s"><v>0</v></c>`)).join(''))],
      sharedStrings: ['x'.repeat(32_000)],
    }),
    // 60 sheets of one row each.
    manySheets: workbook({ sheets: range(60, 1).map((n) => ({ name: n === 1 ? sheetName : `extra${n}`, rows: row(1, text('A1', header)) })) }),
    // A merged range over the whole grid; the whole-workbook reader gives it a cell per position.
    mergedGrid: workbook({ sheets: [sheet(row(1, text('A1', header)) + row(2, number('A2', 1001)), { after: '<mergeCells count="1"><mergeCell ref="B3:XFD1048576"/></mergeCells>' })] }),
    // A dimension that claims the whole grid around two real rows.
    lyingDimension: workbook({ sheets: [sheet(row(1, text('A1', header)) + row(2, number('A2', 1001)), { before: '<dimension ref="A1:XFD1048576"/>' })] }),
    // Styles nested 20,000 deep.
    deepStyles: workbook({
      sheets: [sheet(row(1, text('A1', header)) + row(2, number('A2', 1001)))],
      styles: `${XML}<styleSheet xmlns="${MAIN}"><extLst>${'<ext>'.repeat(20_000)}${'</ext>'.repeat(20_000)}</extLst><cellXfs count="1"><xf numFmtId="0"/></cellXfs></styleSheet>`,
    }),
    // 5 MB of styles (60,000 cell formats): past the styles part's limit.
    hugeStyles: workbook({
      sheets: [sheet(row(1, text('A1', header)) + row(2, number('A2', 1001)))],
      styles: `${XML}<styleSheet xmlns="${MAIN}"><cellXfs count="60000">${'<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>'.repeat(60_000)}</cellXfs></styleSheet>`,
    }),
  };
}

import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { ordersCsv, ordersXlsx } from './export-file';
import { momentIn } from './export-words';
import type { ExportLine } from './repository';

/**
 * docs/decisions/0212: the export is read by people: kinds, delivery and line types in words,
 * moments in the business's zone with the zone named in the header, no PO name on a sample order.
 */
const placed = new Date('2026-01-15T14:05:09Z');
const updated = new Date('2026-07-01T03:30:00Z');

function line(kind: 'purchase' | 'sample', extra: Partial<ExportLine> = {}): ExportLine {
  return {
    order: {
      id: kind === 'purchase' ? 12 : 3,
      createdAt: placed,
      updatedAt: updated,
      status: 'submitted',
      kind,
      username: 'dealer',
      cartName: kind === 'purchase' ? 'Garcia Lobby' : 'Sample Order #1',
      deliveryType: kind === 'purchase' ? 'ship' : 'pickup',
      requestedDate: null,
      notes: null,
      total: '10.00',
      poReference: null,
      shipTo: null,
    },
    lineType: 'product',
    code: '1001',
    name: 'Tile',
    quantity: 1,
    price: '10.00',
    ...extra,
  } as unknown as ExportLine;
}

async function* from(lines: ExportLine[]) {
  yield* lines;
}

async function csvRows(lines: ExportLine[], timeZone: string) {
  let text = '';
  for await (const chunk of ordersCsv(from(lines), 500, timeZone)) text += chunk;
  return parse(text.replace(/^\ufeff/, ''), { columns: true }) as Record<string, string>[];
}

describe('order export words and times', () => {
  it('writes kinds, delivery and line types in words, and no PO name for a sample order', async () => {
    const rows = await csvRows([line('purchase'), line('sample', { lineType: 'pricelist', code: 'PL-1', name: 'Price list 2026' })], 'UTC');
    expect(rows.map((r) => [r.Kind, r.Delivery, r['Line Type'], r['PO Name']])).toEqual([
      ['Purchase order', 'Ship', 'Product', 'Garcia Lobby'],
      ['Sample order', 'Pick up', 'Price list', ''],
    ]);
    expect(JSON.stringify(rows)).not.toMatch(/"(purchase|sample|ship|pickup|product|pricelist)"/);
  });

  it("writes moments on the business's clock, the zone named in the header, daylight saving included", async () => {
    const [row] = await csvRows([line('purchase')], 'America/Chicago');
    expect(row!['Placed (America/Chicago)']).toBe('2026-01-15 08:05');
    expect(row!['Updated (America/Chicago)']).toBe('2026-06-30 22:30');
    expect(Object.keys(row!)).not.toContain('Placed');
  });

  it('writes moments as date cells in xlsx, on the same clock', async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of ordersXlsx(from([line('sample')]), 'Europe/Madrid')) chunks.push(chunk as Buffer);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Orders')!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const body = (sheet.getRow(2).values as unknown[]).slice(1);
    const at = (name: string) => body[header.indexOf(name)];
    expect(at('Placed (Europe/Madrid)')).toEqual(new Date('2026-01-15T15:05:09Z'));
    expect(sheet.getRow(2).getCell(header.indexOf('Placed (Europe/Madrid)') + 1).numFmt).toBe('yyyy-mm-dd hh:mm');
    expect([at('Kind'), at('Delivery'), at('PO Name')]).toEqual(['Sample order', 'Pick up', undefined]);
  });

  it('reads a moment in any zone', () => {
    expect(momentIn(new Date('2026-03-08T08:30:00Z'), 'America/New_York').text).toBe('2026-03-08 04:30');
    expect(momentIn(new Date('2026-03-08T06:30:00Z'), 'America/New_York').text).toBe('2026-03-08 01:30');
  });
});

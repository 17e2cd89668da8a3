import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { HEALTH_DEADLINE_MS, whilePolling } from '../../../../test/health-poll';
import { hostileWorkbooks, number, row, text, workbook } from '../../../../test/hostile-workbooks';
import { multipartBody } from '../../../../test/multipart';
import { products } from '../../db/schema';
import type { HttpError } from '../http-error';
import { LOTS_SHEET_LIMITS } from '../../modules/lots';
import { SHEET_LIMIT_MESSAGES } from './sheet-limits';
import { readSpreadsheet } from './spreadsheet';
import { XLSX_GUARD_MESSAGES } from './xlsx-guard';
import { withStock } from '../../../../test/cart-fixtures';

/**
 * Every spreadsheet upload against hostile workbooks (docs/decisions/0201-one-spreadsheet-reader-off-the-event-loop.md):
 * each is refused with a sentence naming its limit, or read within the limits, while /api/health,
 * polled over real HTTP, never waits more than a second. Before the one reader, the far-column file
 * ran the process out of heap and the last-row file stalled every request for seconds.
 */
const ctx = useTestApp();
let url = '';
const clients: Record<'dealer' | 'admin', TestClient> = {} as never;

beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  await ctx.db.insert(products).values(withStock({ id: 1001, name: 'Calacatta 12x24 White Polished', stockLevel: '10', price: '42.50', soldBy: 'Box' })).onConflictDoNothing();
  clients.dealer = await new TestClient(ctx.app).signInAs(await createUser(ctx.db, { role: 'bold_customer' }));
  clients.admin = await new TestClient(ctx.app).signInAs(await createUser(ctx.db, { role: 'admin' }), 'admin');
});

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function upload(who: 'dealer' | 'admin', path: string, content: Buffer) {
  const { result, health } = await whilePolling(url, () =>
    clients[who].request({ method: 'POST', url: path, ...multipartBody([{ filename: 'hostile.xlsx', content, contentType: XLSX }]) }),
  );
  // The deadline, not a timing figure: no answer of the poll waited a second or more.
  expect(health.answers).toBeGreaterThan(0);
  expect(health.longestGap, `longest wait for /api/health: ${Math.round(health.longestGap)} ms`).toBeLessThan(HEALTH_DEADLINE_MS);
  expect(health.statuses.every((status) => status === 200)).toBe(true);
  return { status: result.statusCode, body: result.json() as { message?: string; text?: string; rows?: number } };
}

/** Refused with a sentence, or read: never a 500, never a stall. */
function expectAnswered(answer: { status: number; body: { message?: string } }) {
  expect(answer.status).toBeLessThan(500);
  if (answer.status !== 200) expect(answer.body.message, JSON.stringify(answer.body)).toMatch(/\w+ \w+/);
}

const GUARD = {
  manySheets: { status: 413, message: XLSX_GUARD_MESSAGES.sheets(50) },
  hugeStyles: { status: 413, message: XLSX_GUARD_MESSAGES.part('styles', 4 * 1024 * 1024) },
};

describe('POST /api/quick-order/file (any dealer)', () => {
  const files = hostileWorkbooks('Order', 'SKU');
  const expected: Record<string, { status: number; message?: string; rows?: number }> = {
    // Each far cell makes its row 16,384 cells long for the parser: refused after a few rows.
    farColumn: { status: 413, message: SHEET_LIMIT_MESSAGES.cells(100_000) },
    lastRow: { status: 200, rows: 1 },
    farRows: { status: 200, rows: 1000 },
    hugeSharedString: { status: 400, message: SHEET_LIMIT_MESSAGES.cellChars(200, 2) },
    mergedGrid: { status: 200, rows: 1 },
    lyingDimension: { status: 200, rows: 1 },
    deepStyles: { status: 200, rows: 1 },
    ...GUARD,
  };
  for (const [shape, want] of Object.entries(expected)) {
    it(`${shape}: ${want.status === 200 ? `reads ${want.rows} row(s)` : `answers ${want.status} "${want.message}"`}, and /api/health keeps its deadline`, async () => {
      const answer = await upload('dealer', '/api/quick-order/file', files[shape]!);
      expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(want.status);
      if (want.message) expect(answer.body.message).toBe(want.message);
      if (want.rows !== undefined) expect(answer.body.rows).toBe(want.rows);
    });
  }

  it('refuses more than 2,000 lines, and answers at most 2,000 short lines', async () => {
    const many = workbook({ sheets: [{ name: 'Order', rows: Array.from({ length: 2500 }, (_, i) => row(i + 1, number(`A${i + 1}`, 1001))).join('') }] });
    const answer = await upload('dealer', '/api/quick-order/file', many);
    expect(answer.status).toBe(413);
    expect(answer.body.message).toBe(SHEET_LIMIT_MESSAGES.rows(2000));
  });

  it('refuses a CSV with more than 2,000 lines with the same sentence', async () => {
    const csv = Buffer.from(`SKU,Qty\n${'1001,1\n'.repeat(2500)}`);
    const response = await clients.dealer.request({ method: 'POST', url: '/api/quick-order/file', ...multipartBody([{ filename: 'order.csv', content: csv }]) });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(SHEET_LIMIT_MESSAGES.rows(2000));
  });
});

describe('lots and incoming uploads (stock:write)', () => {
  const files = hostileWorkbooks('lots', 'sku');
  for (const kind of ['lots', 'incoming'] as const) {
    for (const [shape, content] of Object.entries(files)) {
      it(`${kind} preview, ${shape}: refused with a sentence or read, and /api/health keeps its deadline`, async () => {
        const answer = await upload('admin', `/api/stock/${kind}/upload/preview`, content);
        expectAnswered(answer);
        const guard = GUARD[shape as keyof typeof GUARD];
        if (guard) expect(answer).toMatchObject({ status: guard.status, body: { message: guard.message } });
      });
    }
  }

  it('refuses a workbook with more than 500,000 shared texts, counted in its XML, before exceljs reads it', async () => {
    const strings = Array.from({ length: 500_001 }, (_, i) => `t${i}`);
    const file = workbook({ sheets: [{ name: 'lots', rows: row(1, text('A1', 'sku')) }], sharedStrings: strings });
    const answer = await upload('admin', '/api/stock/lots/upload/preview', file);
    expect(answer).toMatchObject({ status: 413, body: { message: XLSX_GUARD_MESSAGES.sharedStrings(500_000) } });
  });

  it('refuses a lots sheet whose far cells make it more than 2,000,000 cells long', async () => {
    const answer = await upload('admin', '/api/stock/lots/upload/preview', files.farColumn!);
    expect(answer).toMatchObject({ status: 413, body: { message: SHEET_LIMIT_MESSAGES.cells(2_000_000) } });
  });

  it('reads a lots file whose header has a cell at XFD1: the far cell is not read', async () => {
    const file = workbook({
      sheets: [{ name: 'lots', rows: row(1, text('A1', 'sku') + text('B1', 'lot') + text('C1', 'quantity') + text('XFD1', 'x')) + row(2, number('A2', 1001) + text('B2', 'L9') + number('C2', 5)) }],
    });
    const answer = await upload('admin', '/api/stock/lots/upload/preview', file);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ counts: { rows: 1, skus: 1 } });
  });
});

describe('POST /api/users/import', () => {
  const files = hostileWorkbooks('users', 'username');
  for (const [shape, content] of Object.entries(files)) {
    it(`${shape}: refused with a sentence or read, and /api/health keeps its deadline`, async () => {
      const answer = await upload('admin', '/api/users/import', content);
      expectAnswered(answer);
      expect(answer.status).not.toBe(200);
      const guard = GUARD[shape as keyof typeof GUARD];
      if (guard) expect(answer).toMatchObject({ status: guard.status, body: { message: guard.message } });
    });
  }
});

describe('POST /api/admin/merchandise/upload', () => {
  const files = hostileWorkbooks('display', 'code');
  for (const [shape, content] of Object.entries(files)) {
    it(`${shape}: refused with a sentence or read, and /api/health keeps its deadline`, async () => {
      const answer = await upload('admin', '/api/admin/merchandise/upload', content);
      expectAnswered(answer);
      const guard = GUARD[shape as keyof typeof GUARD];
      if (guard) expect(answer).toMatchObject({ status: guard.status, body: { message: guard.message } });
    });
  }
});

describe('a read that runs out of heap or time', () => {
  it('ends in a 413 naming the limit while the portal keeps answering', async () => {
    const rows = Array.from({ length: 30_000 }, (_, i) => row(i + 1, number(`A${i + 1}`, i) + text(`B${i + 1}`, `lot ${i} ${'x'.repeat(30)}`))).join('');
    const big = { kind: 'xlsx' as const, data: workbook({ sheets: [{ name: 'lots', rows }] }) };
    const read = (limits: Partial<typeof LOTS_SHEET_LIMITS>) =>
      readSpreadsheet(big, { pick: { sheet: 'first' }, limits: { ...LOTS_SHEET_LIMITS, ...limits }, unreadable: 'unreadable', owner: 'test' }).catch((e: unknown) => e as HttpError);
    const { result, health } = await whilePolling(url, async () => [await read({ maxHeapMb: 16 }), await read({ timeoutMs: 200 })]);
    expect(result.map((e) => [(e as HttpError).statusCode, (e as HttpError).message])).toEqual([
      [413, SHEET_LIMIT_MESSAGES.memory(16)],
      [413, SHEET_LIMIT_MESSAGES.time(200)],
    ]);
    expect(health.longestGap).toBeLessThan(HEALTH_DEADLINE_MS);
    // And the portal still reads an ordinary file.
    expect((await upload('dealer', '/api/quick-order/file', hostileWorkbooks().lastRow!)).status).toBe(200);
  });
});

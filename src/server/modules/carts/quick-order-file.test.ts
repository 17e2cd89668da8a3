import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { activeCart } from '../../../../test/cart-fixtures';
import { multipartBody } from '../../../../test/multipart';
import { QUICK_ORDER_FILE_MESSAGES } from '@common/domain/quick-order';

/** ADR 0190: the quick order pad's file is read into "SKU quantity" lines; nothing is written. */
const ctx = useTestApp();

async function dealer() {
  const user = await createUser(ctx.db, { role: 'bold_customer' });
  const client = new TestClient(ctx.app);
  await client.signInAs(user);
  return client;
}

const send = (client: TestClient, filename: string, content: string | Buffer, contentType?: string) =>
  client.request({ method: 'POST', url: '/api/quick-order/file', ...multipartBody([{ filename, content, contentType }]) });

describe('POST /api/quick-order/file', () => {
  it('reads a CSV with a header, picking the SKU and quantity columns wherever they are', async () => {
    const client = await dealer();
    const response = await send(client, 'order.csv', 'Description,Qty,SKU\nKitchen floor,12,1001\n\nBacksplash,,1002\nWall,abc,xyz\n');
    expect(response.statusCode, response.body).toBe(200);
    // Lines come back as typed: the pad checks them (a bad line is shown, not dropped here).
    expect(response.json()).toEqual({ text: '1001 12\n1002\nxyz abc', rows: 3 });
    expect((await activeCart(client)).totalItems).toBe(0);
  });

  it('reads a CSV without a header as SKU, quantity', async () => {
    const response = await send(await dealer(), 'order.csv', '1001,3\n1002,1\n');
    expect(response.json()).toEqual({ text: '1001 3\n1002 1', rows: 2 });
  });

  it("reads the first sheet of a workbook", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Order');
    sheet.addRow(['SKU', 'Quantity']);
    sheet.addRow([1001, 4]);
    sheet.addRow([1006, 10]);
    const content = Buffer.from(await workbook.xlsx.writeBuffer());
    const response = await send(await dealer(), 'order.xlsx', content, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ text: '1001 4\n1006 10', rows: 2 });
  });

  it('refuses an empty file, another type, or a signed-out caller, with a sentence', async () => {
    const client = await dealer();
    const empty = await send(client, 'order.csv', 'SKU,Qty\n');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(QUICK_ORDER_FILE_MESSAGES.empty);
    const pdf = await send(client, 'order.pdf', Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n'), 'application/pdf');
    expect(pdf.statusCode).toBeGreaterThanOrEqual(400);
    expect(pdf.statusCode).toBeLessThan(500);
    expect(pdf.json().message).toBeTruthy();
    const anonymous = await send(new TestClient(ctx.app), 'order.csv', '1001,1\n');
    expect(anonymous.statusCode).toBe(401);
  });
});

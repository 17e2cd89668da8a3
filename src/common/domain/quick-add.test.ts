import { describe, expect, it } from 'vitest';
import {
  isOutOfStock,
  MAX_PASTED_LINES,
  planPastedList,
  quickAddExclusion,
  quickAddProducts,
  QUICK_ADD_EXCLUDED_SIZES,
  type PastedLineResult,
  type QuickAddProduct,
  withBulkAnswer,
} from './quick-add';

const tile = (id: number, over: Partial<QuickAddProduct> = {}): QuickAddProduct => ({
  id,
  name: `Tile ${id}`,
  line: 'Calacatta',
  size: '12x24',
  soldBy: 'Box',
  stockLevel: '50',
  ...over,
});

describe('quick add exclusions', () => {
  it('hides special order and fabrication stock, sold by each, and the listed sizes', () => {
    expect(quickAddExclusion(tile(1, { stockLevel: 'Special Order Only' }))).toMatch(/Special order/);
    expect(quickAddExclusion(tile(1, { stockLevel: 'Fabrication Required - 2 Week Lead' }))).toMatch(/Fabrication/);
    expect(quickAddExclusion(tile(1, { soldBy: 'Each' }))).toMatch(/sold by each/);
    for (const size of QUICK_ADD_EXCLUDED_SIZES) expect(quickAddExclusion(tile(1, { size }))).toBe(`Size ${size} cannot be quick added`);
    expect(quickAddExclusion(tile(1, { size: '48x110 slab' }))).not.toBeNull();
    expect(quickAddExclusion(tile(1, { size: ' 48x48 ' }))).toBe('Size  48x48  cannot be quick added');
    expect(quickAddExclusion(tile(1, { soldBy: 'Piece' }))).toBe('Items sold by each cannot be quick added');
    expect(quickAddExclusion(tile(1))).toBeNull();
    // Out of stock stays listed; it just cannot be added.
    expect(quickAddExclusion(tile(1, { stockLevel: '0' }))).toBeNull();
  });

  it('sorts what is left by id', () => {
    const list = quickAddProducts([tile(30), tile(2, { size: '48x48' }), tile(10), tile(1, { soldBy: 'Each' })]);
    expect(list.map((p) => p.id)).toEqual([10, 30]);
  });
});

describe('planPastedList (the quick order pad)', () => {
  const products = [tile(1001), tile(1002, { stockLevel: '5' }), tile(1003, { stockLevel: '0' }), tile(1004, { size: '48x48' })];

  it('reads "SKU qty", CSV, tabs and a bare SKU; skips blanks and a header', () => {
    const plan = planPastedList('sku,quantity\n1001 3\n\n1002,2\n1001\t4\n', products);
    expect(plan.items).toEqual([
      { productId: 1001, quantity: 7 },
      { productId: 1002, quantity: 2 },
    ]);
    expect(plan.lines.map((l) => [l.line, l.status])).toEqual([
      [2, 'added'],
      [4, 'added'],
      [5, 'merged'],
    ]);
    expect(planPastedList('1001', products).items).toEqual([{ productId: 1001, quantity: 1 }]);
  });

  it('reads spaces around separators and skips lines of spaces', () => {
    const plan = planPastedList('   \n  1001,  2  \r\n\t\n 1002 ; 1', products);
    expect(plan.items).toEqual([
      { productId: 1001, quantity: 2 },
      { productId: 1002, quantity: 1 },
    ]);
    expect(plan.lines.map((l) => [l.line, l.status, l.text])).toEqual([
      [2, 'added', '1001,  2'],
      [4, 'added', '1002 ; 1'],
    ]);
  });

  it('takes SKUs and quantities that are whole numbers from end to end', () => {
    const reasons = (text: string) => planPastedList(text, products).lines.map((l) => (l.status === 'refused' ? l.reason : l.status));
    expect(reasons('x1001 1\n1001x 1\n1234567890 1')).toEqual(['SKU must be a number', 'SKU must be a number', 'SKU must be a number']);
    const quantity = 'Quantity must be a whole number of at least 1';
    expect(reasons('1001 x2\n1001 2x\n1001 1234567\n1001 1.5')).toEqual([quantity, quantity, quantity, quantity]);
    expect(reasons('1001 12')).toEqual(['added']);
    expect(reasons('1001 sku')).toEqual([quantity]);
  });

  it('adds up to exactly the stock', () => {
    expect(planPastedList('1002 5', products).items).toEqual([{ productId: 1002, quantity: 5 }]);
    expect(planPastedList('1002 2', products, new Map([[1002, 3]])).items).toEqual([{ productId: 1002, quantity: 2 }]);
  });

  it(`reads at most ${MAX_PASTED_LINES} lines and says so`, () => {
    const text = Array.from({ length: MAX_PASTED_LINES + 5 }, () => '9999 1').join('\n');
    const { lines } = planPastedList(text, products);
    expect(lines).toHaveLength(MAX_PASTED_LINES + 1);
    expect(lines[MAX_PASTED_LINES - 1]).toMatchObject({ status: 'refused', reason: 'No product with this SKU' });
    expect(lines[MAX_PASTED_LINES]).toEqual({ line: MAX_PASTED_LINES + 1, text: '9999 1', status: 'refused', reason: 'At most 500 lines at a time' });
  });

  it('tells out-of-stock products apart', () => {
    expect(isOutOfStock(tile(1, { stockLevel: '0' }))).toBe(true);
    expect(isOutOfStock(tile(1, { stockLevel: '' }))).toBe(true);
    expect(isOutOfStock(tile(1, { stockLevel: '3' }))).toBe(false);
    expect(isOutOfStock(tile(1, { stockLevel: 'Special Order Only' }))).toBe(false);
  });

  it('refuses each bad line with its reason and keeps the rest, cutting a line to the stock', () => {
    const plan = planPastedList('abc 1\n1001 0\n9999 1\n1003 1\n1004 1\n1002 6\n1001 2 3\n1001 2', products);
    expect(plan.items).toEqual([
      { productId: 1002, quantity: 5 },
      { productId: 1001, quantity: 2 },
    ]);
    expect(plan.lines.find((l) => l.line === 6)).toMatchObject({ status: 'added', quantity: 5, note: 'Only 5 in stock: added 5 of 6' });
    expect(plan.lines.filter((l) => l.status === 'refused').map((l) => (l.status === 'refused' ? l.reason : ''))).toEqual([
      'SKU must be a number',
      'Quantity must be a whole number of at least 1',
      'No product with this SKU',
      'Out of stock',
      'Size 48x48 cannot be quick added',
      'Write one SKU and one quantity per line',
    ]);
  });

  it('counts what is already in the cart against the stock', () => {
    const plan = planPastedList('1002 3', products, new Map([[1002, 3]]));
    expect(plan.lines[0]).toMatchObject({ status: 'added', quantity: 2, note: 'Only 5 in stock (3 already in your PO): added 2 of 3' });
    expect(planPastedList('1002 1', products, new Map([[1002, 5]])).lines[0]).toMatchObject({
      status: 'refused',
      reason: 'Your PO already holds all 5 in stock',
    });
  });

  it('takes another exclusion rule (the quick order pad offers every product)', () => {
    const plan = planPastedList('1004 1', products, new Map(), { exclusion: () => null });
    expect(plan.lines[0]).toMatchObject({ status: 'added', productId: 1004 });
  });
});

describe('withBulkAnswer', () => {
  const planned: PastedLineResult[] = [
    { line: 1, text: '1001 2', status: 'added', productId: 1001, name: 'A', quantity: 2 },
    { line: 2, text: '1002 4', status: 'added', productId: 1002, name: 'B', quantity: 4 },
    { line: 3, text: '1002 1', status: 'merged', productId: 1002, name: 'B', quantity: 1, intoLine: 2 },
    { line: 4, text: 'x', status: 'refused', reason: 'SKU must be a number' },
    { line: 5, text: '1005 1', status: 'added', productId: 1005, name: 'C', quantity: 1 },
  ];
  it('keeps what went in, notes what was cut and refuses what was left out, with the server reasons', () => {
    const after = withBulkAnswer(planned, [
      { productId: 1001, status: 'added', added: 2, reason: null },
      { productId: 1002, status: 'skipped', added: 0, reason: 'Out of stock' },
      { productId: 1005, status: 'capped', added: 0 + 1, reason: 'Only 1 in stock: added 1 of 2' },
    ]);
    expect(after[0]).toEqual(planned[0]);
    expect(after[1]).toEqual({ line: 2, text: '1002 4', status: 'refused', reason: 'Out of stock' });
    expect(after[2]).toEqual({ line: 3, text: '1002 1', status: 'refused', reason: 'Out of stock' });
    expect(after[3]).toEqual(planned[3]);
    expect(after[4]).toMatchObject({ status: 'added', quantity: 1, note: 'Only 1 in stock: added 1 of 2' });
  });
});

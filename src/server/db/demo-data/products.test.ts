import { describe, expect, it } from 'vitest';
import { FORMATS, FINISHES, STOCK_FABRICATION, STOCK_OUT, STOCK_SPECIAL_ORDER } from './product-formats';
import { generateDemoProducts } from './products';

// Pure generator test: no database needed.
const catalogue = generateDemoProducts();

const isQuantity = (stock: string) => /^\d+$/.test(stock);

describe('generateDemoProducts', () => {
  it('is a catalogue of about three thousand SKUs over 20+ lines', () => {
    expect(catalogue.length).toBeGreaterThanOrEqual(2800);
    expect(new Set(catalogue.map((p) => p.line)).size).toBeGreaterThanOrEqual(20);
  });

  it('gives every product a unique positive numeric SKU, sorted', () => {
    const ids = catalogue.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => Number.isInteger(id) && id > 0)).toBe(true);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it('keeps each SKU bucket of 100 to one colour of one line, so the SKU range filter is meaningful', () => {
    const buckets = new Map<number, Set<string>>();
    for (const p of catalogue) {
      const bucket = Math.floor(p.id / 100);
      buckets.set(bucket, (buckets.get(bucket) ?? new Set()).add(`${p.line}/${p.color}`));
    }
    expect([...buckets.values()].every((lineColours) => lineColours.size === 1)).toBe(true);
  });

  it('has every stock state', () => {
    const stock = catalogue.map((p) => p.stockLevel ?? '');
    expect(stock.some((s) => isQuantity(s) && Number(s) > 10)).toBe(true);
    expect(stock.some((s) => isQuantity(s) && Number(s) >= 1 && Number(s) <= 10)).toBe(true);
    expect(stock).toContain(STOCK_OUT);
    expect(stock).toContain(STOCK_SPECIAL_ORDER);
    expect(stock).toContain(STOCK_FABRICATION);
    const known = new Set([STOCK_SPECIAL_ORDER, STOCK_FABRICATION]);
    expect(stock.filter((s) => !isQuantity(s) && !known.has(s))).toEqual([]);
  });

  it('has items on order with the factory', () => {
    expect(catalogue.some((p) => (p.quantityOnOrder ?? 0) > 0)).toBe(true);
  });

  it('covers every format and finish', () => {
    const sizes = new Set(catalogue.map((p) => p.size));
    for (const format of FORMATS) expect(sizes).toContain(format);
    const finishes = new Set(catalogue.map((p) => p.finish));
    for (const finish of FINISHES) expect(finishes).toContain(finish);
  });

  it('sells mostly by the box, trims and mosaics by each with a size as coverage', () => {
    const byBox = catalogue.filter((p) => p.soldBy === 'Box');
    expect(byBox.length).toBeGreaterThan(catalogue.length / 2);
    expect(byBox.every((p) => Number(p.coverage) > 0)).toBe(true);
    const byEach = catalogue.filter((p) => p.soldBy === 'Each');
    expect(byEach.length).toBeGreaterThan(0);
    expect(byEach.every((p) => p.coverage?.includes('x'))).toBe(true);
  });

  it('writes prices as 2-decimal strings, with some slabs at CALL (null)', () => {
    const money = /^\d+\.\d{2}$/;
    const priced = catalogue.filter((p) => p.price != null);
    expect(priced.every((p) => money.test(String(p.price)) && money.test(String(p.pricePerSqft)))).toBe(true);
    const call = catalogue.filter((p) => p.price == null);
    expect(call.length).toBeGreaterThan(0);
    expect(call.every((p) => p.size === '48x110 Slab')).toBe(true);
  });

  it('only puts slabs under fabrication', () => {
    const fabricated = catalogue.filter((p) => p.stockLevel === STOCK_FABRICATION);
    expect(fabricated.every((p) => p.size === '48x110 Slab')).toBe(true);
  });

  it('names products "Line Format Colour Finish"', () => {
    const sample = catalogue[0];
    expect(sample?.name).toBe(`${sample?.line} ${sample?.size} ${sample?.color} ${sample?.finish}`);
  });

  it('is deterministic', () => {
    expect(generateDemoProducts()).toEqual(catalogue);
  });
});

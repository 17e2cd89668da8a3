import { describe, expect, it } from 'vitest';
import { MAX_LINE_QUANTITY } from '@common/domain/stock-level';
import { boxesForArea, DEFAULT_WASTE_PERCENT, SQFT_MESSAGES, sqftPerBox } from './square-feet';

describe('boxesForArea', () => {
  it('turns 450 sq ft + 10% waste on 15.5 sq ft boxes into 32 full boxes', () => {
    // 495 / 15.5 = 31.94: a partial box is a whole box.
    expect(boxesForArea(450, DEFAULT_WASTE_PERCENT, 15.5)).toEqual({ ok: true, boxes: 32, sqft: 496 });
  });

  it('does not add a box for floating-point dust when the area fits exactly', () => {
    expect(boxesForArea(100, 10, 11)).toEqual({ ok: true, boxes: 10, sqft: 110 });
    expect(boxesForArea(31, 0, 15.5)).toEqual({ ok: true, boxes: 2, sqft: 31 });
  });

  it('rounds up the smallest excess', () => {
    expect(boxesForArea(31.01, 0, 15.5)).toMatchObject({ boxes: 3 });
    expect(boxesForArea(1, 0, 15.5)).toMatchObject({ boxes: 1 });
  });

  it('takes waste of 0 and 100 percent, not beyond', () => {
    expect(boxesForArea(100, 0, 10)).toMatchObject({ boxes: 10 });
    expect(boxesForArea(100, 100, 10)).toMatchObject({ boxes: 20 });
    expect(boxesForArea(100, 101, 10)).toEqual({ ok: false, message: SQFT_MESSAGES.waste });
    expect(boxesForArea(100, -1, 10)).toEqual({ ok: false, message: SQFT_MESSAGES.waste });
    expect(boxesForArea(100, Number.NaN, 10)).toEqual({ ok: false, message: SQFT_MESSAGES.waste });
  });

  it('refuses an area that is not a positive number, or too large', () => {
    for (const area of [0, -5, Number.NaN, Number.POSITIVE_INFINITY]) expect(boxesForArea(area, 10, 15.5)).toEqual({ ok: false, message: SQFT_MESSAGES.area });
    expect(boxesForArea(1_000_001, 10, 15.5)).toEqual({ ok: false, message: SQFT_MESSAGES.areaTooLarge });
  });

  it('refuses an answer past the line limit', () => {
    expect(boxesForArea(1_000_000, 10, 1)).toEqual({ ok: false, message: SQFT_MESSAGES.tooMany });
    expect(boxesForArea(MAX_LINE_QUANTITY, 0, 1)).toMatchObject({ ok: true, boxes: MAX_LINE_QUANTITY });
  });

  it('needs a coverage', () => {
    expect(boxesForArea(100, 10, null)).toEqual({ ok: false, message: SQFT_MESSAGES.noCoverage });
    expect(boxesForArea(100, 10, 0)).toEqual({ ok: false, message: SQFT_MESSAGES.noCoverage });
  });
});

describe('sqftPerBox', () => {
  it('is the numeric coverage of box items', () => {
    expect(sqftPerBox({ soldBy: 'Box', coverage: '15.5' })).toBe(15.5);
    expect(sqftPerBox({ soldBy: 'box (10 pcs)', coverage: '10.76' })).toBe(10.76);
  });
  it('is null for pieces and for a size string', () => {
    expect(sqftPerBox({ soldBy: 'Each', coverage: '15.5' })).toBeNull();
    expect(sqftPerBox({ soldBy: 'Box', coverage: '12x12' })).toBeNull();
  });
});

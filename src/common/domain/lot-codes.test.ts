import { describe, expect, it } from 'vitest';
import { checkLotCode, invisibleCharacterIn } from './lot-codes';
import { createSkuLimits, MAX_LOTS_PER_SKU } from './lot-limits';

describe('checkLotCode (docs/decisions/0204)', () => {
  it('folds full-width forms and spaces into one code', () => {
    expect(checkLotCode(' \uFF35\uFF11 ')).toEqual({ ok: true, code: 'U1' });
    expect(checkLotCode('L 2406\u00A0 A')).toEqual({ ok: true, code: 'L 2406 A' });
    expect(checkLotCode('24-06/A#2 (b)_c.d')).toEqual({ ok: true, code: '24-06/A#2 (b)_c.d' });
  });

  it('refuses invisible, bidi and control characters, naming the code point', () => {
    expect(checkLotCode('U1\u200B')).toEqual({ ok: false, message: 'Lot contains an invisible or control character (U+200B); type the code again without it' });
    expect(checkLotCode('\u202EU1')).toMatchObject({ ok: false });
    expect(checkLotCode('U\u00001')).toMatchObject({ ok: false });
    expect(invisibleCharacterIn('U\uFE0F1')).toBe('U+FE0F');
    expect(invisibleCharacterIn('U1')).toBeNull();
  });

  it('refuses look-alikes, markup, formula starts and long codes', () => {
    expect(checkLotCode('\u04251')).toMatchObject({ ok: false }); // Cyrillic Kha
    expect(checkLotCode('<b>1')).toMatchObject({ ok: false });
    expect(checkLotCode('=1+1')).toMatchObject({ ok: false });
    expect(checkLotCode('-1')).toMatchObject({ ok: false });
    expect(checkLotCode('L'.repeat(51))).toEqual({ ok: false, message: 'Lot is longer than 50 characters' });
  });
});

describe('createSkuLimits', () => {
  it('speaks once per SKU when it passes the row or the box limit', () => {
    const check = createSkuLimits('lots');
    for (let i = 0; i < MAX_LOTS_PER_SKU; i += 1) expect(check(1, 1)).toBeNull();
    expect(check(1, 1)).toBe('SKU 1 has more than 1,000 lots; at most 1,000 lots per SKU');
    expect(check(1, 1)).toBeNull();
    expect(check(2, 999_999_999)).toBeNull();
    expect(check(2, 2)).toBe('The lots of SKU 2 add up to more than 1,000,000,000 boxes; at most 1,000,000,000 boxes per SKU');
  });
});

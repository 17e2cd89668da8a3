import { describe, expect, it } from 'vitest';
import { MAX_CART_NAME_LENGTH } from './cart-rules';
import { firstFreeName, reorderPoName } from './reorder';

describe('reorderPoName', () => {
  it('names the order and its PO', () => {
    expect(reorderPoName(12, 'Garcia Lobby')).toBe('Reorder of #12 – Garcia Lobby');
    expect(reorderPoName(12, '  ')).toBe('Reorder of #12');
    expect(reorderPoName(12, null)).toBe('Reorder of #12');
  });
  it('stays within the name length', () => {
    expect(reorderPoName(12, 'x'.repeat(200))).toHaveLength(MAX_CART_NAME_LENGTH);
  });
});

describe('firstFreeName', () => {
  it('keeps a free name and numbers a taken one, ignoring case', () => {
    expect(firstFreeName('Reorder of #2', ['Other'])).toBe('Reorder of #2');
    expect(firstFreeName('Reorder of #2', ['reorder of #2 '])).toBe('Reorder of #2 (2)');
    expect(firstFreeName('Reorder of #2', ['Reorder of #2', 'Reorder of #2 (2)'])).toBe('Reorder of #2 (3)');
  });
  it('cuts a long name so the number fits', () => {
    const long = 'y'.repeat(MAX_CART_NAME_LENGTH);
    const free = firstFreeName(long, [long]);
    expect(free).toHaveLength(MAX_CART_NAME_LENGTH);
    expect(free.endsWith(' (2)')).toBe(true);
  });
});

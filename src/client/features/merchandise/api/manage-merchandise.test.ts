import { describe, expect, it } from 'vitest';
import { merchandiseEditBody } from '@common/contracts/merchandise';
import { editBodyOnWire } from './manage-merchandise';

describe('the merchandise edit body on the wire', () => {
  it('sends cleared texts as empty strings, which the route reads back as none', () => {
    const parsed = merchandiseEditBody.parse({ name: 'Label A', description: '', line: ' ', category: 'Wall', handboardType: '', price: '3' });
    expect(parsed).toMatchObject({ description: null, line: null, handboardType: null });
    const wire = editBodyOnWire(parsed);
    expect(wire).toEqual({ name: 'Label A', description: '', line: '', category: 'Wall', handboardType: '', price: '3.00' });
    // What the route's schema makes of it: the same values the dialog parsed (a null on the wire was refused).
    expect(merchandiseEditBody.parse(wire)).toEqual(parsed);
    expect(merchandiseEditBody.safeParse(parsed).success).toBe(false);
  });
});

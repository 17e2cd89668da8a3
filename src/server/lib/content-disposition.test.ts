import { describe, expect, it } from 'vitest';
import { contentDisposition } from './content-disposition';

describe('contentDisposition', () => {
  it('names a plain file both ways', () => {
    expect(contentDisposition('attachment', 'price list.pdf')).toBe(
      `attachment; filename="price list.pdf"; filename*=UTF-8''price%20list.pdf`,
    );
  });
  it('keeps non-ASCII names exact in filename* and readable in the fallback', () => {
    expect(contentDisposition('inline', 'Cerámica – lista.pdf')).toBe(
      `inline; filename="Ceramica  lista.pdf"; filename*=UTF-8''Cer%C3%A1mica%20%E2%80%93%20lista.pdf`,
    );
  });
  it('cannot be broken by quotes or line breaks', () => {
    const header = contentDisposition('attachment', 'a"b\\c\r\nSet-Cookie: x.pdf');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header.startsWith('attachment; filename="a_b_cSet-Cookie: x.pdf"')).toBe(true);
  });
});

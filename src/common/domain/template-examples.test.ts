import { describe, expect, it } from 'vitest';
import { EXAMPLE_PREFIX, isExampleKey, ONLY_EXAMPLE_ROWS, TEMPLATE_EXAMPLE_NOTE } from './template-examples';

describe('template example rows (docs/decisions/0130)', () => {
  it('are the rows whose key starts with EXAMPLE, in any case and spacing', () => {
    expect(EXAMPLE_PREFIX).toBe('EXAMPLE');
    for (const key of ['EXAMPLE-1', 'example 2', '  Example', 'EXAMPLE']) expect(isExampleKey(key), key).toBe(true);
    for (const key of ['1001', 'MY-EXAMPLE', 'EXAMPL', '', 'X EXAMPLE']) expect(isExampleKey(key), key).toBe(false);
  });

  it('are explained in the template and in the answer to an upload of examples only', () => {
    expect(TEMPLATE_EXAMPLE_NOTE).toBe(
      'Example row: rows whose code or SKU starts with EXAMPLE are ignored on upload. Replace them with your own rows.',
    );
    expect(ONLY_EXAMPLE_ROWS).toBe("The file holds only the template's example rows (starting with EXAMPLE); nothing to import, nothing was changed");
  });
});

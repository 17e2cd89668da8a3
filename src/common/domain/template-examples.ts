/**
 * The upload templates' example rows (docs/decisions/0130): a row whose SKU or code
 * starts with EXAMPLE is documentation, never data. The server skips such rows, so a
 * template uploaded unchanged imports nothing and changes nothing.
 */
export const EXAMPLE_PREFIX = 'EXAMPLE';

export function isExampleKey(value: string): boolean {
  return value.trim().toUpperCase().startsWith(EXAMPLE_PREFIX);
}

/** What the template's note cells say, and what an upload holding only examples answers. */
export const TEMPLATE_EXAMPLE_NOTE = `Example row: rows whose code or SKU starts with ${EXAMPLE_PREFIX} are ignored on upload. Replace them with your own rows.`;
export const ONLY_EXAMPLE_ROWS = `The file holds only the template's example rows (starting with ${EXAMPLE_PREFIX}); nothing to import, nothing was changed`;

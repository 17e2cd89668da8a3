/**
 * Spreadsheet formula injection (OWASP "CSV Injection"): a cell that starts with
 * =, +, -, @, a tab or a carriage return is run as a formula by Excel and friends.
 * Activity descriptions, URLs and user agents come from users, so every exported
 * text cell goes through this: such a cell gets a leading apostrophe, which
 * spreadsheets show as text and never evaluate.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutraliseFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** A cell for export: null becomes empty, numbers stay numbers, text is neutralised. */
export function safeCell(value: string | number | boolean | null | undefined): string | number | boolean {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return neutraliseFormula(value);
  return value;
}

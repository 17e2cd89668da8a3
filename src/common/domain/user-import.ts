import {
  MAX_IMPORT_USERS,
  USER_IMPORT_COLUMNS,
  USER_MESSAGES,
  userImportRow,
  type UserImportColumn,
  type UserImportRow,
} from '../contracts/users';
import { normalizeUsername } from './username-rules';

/**
 * Bulk user import ("Bulk user import row"), the pure part: which column is
 * which, and the rules for every row. The server reads the file and checks the
 * database; both sides report problems the same way, one line per row and field.
 */

/** A problem with one row (spreadsheet numbering: the header is row 1) or with the file (row 0). */
export interface ImportIssue {
  row: number;
  field: string | null;
  message: string;
}

export interface SheetRow {
  /** The row number people see in their spreadsheet. */
  row: number;
  cells: readonly string[];
}

export interface ValidImportRow {
  row: number;
  user: UserImportRow;
}

/** The rows that passed and the problems found; the import goes ahead only without problems. */
export interface ImportValidation {
  rows: ValidImportRow[];
  issues: ImportIssue[];
  /** Template example rows (username starting with EXAMPLE) that were skipped, never imported. */
  skippedExamples: number;
}

/**
 * The templates' example rows start their username with this word (any case) and are never
 * imported (an unchanged template must change nothing). No real account may be
 * named EXAMPLE…, so a file can never create one by leaving an example in place.
 */
export const EXAMPLE_USERNAME_PREFIX = 'EXAMPLE';
export function isExampleUsername(username: string): boolean {
  return normalizeUsername(username).toUpperCase().startsWith(EXAMPLE_USERNAME_PREFIX);
}

/** The note column of the templates; it is not a user field, so the import ignores it. */
export const TEMPLATE_NOTE_COLUMN = 'note';
export const TEMPLATE_EXAMPLE_NOTE = 'Example row: never imported. Add your users on new rows, usernames not starting with EXAMPLE.';

/** What the templates show: two example rows (columns), marked and never imported. */
export const USER_TEMPLATE_EXAMPLES: readonly Record<UserImportColumn, string>[] = [
  {
    username: 'EXAMPLE-jdoe',
    password: 'Example-only1',
    role: 'salesperson',
    firstName: 'Jane',
    lastName: 'Doe',
    email: 'jane.doe@example.com',
    phone: '555-0100',
    company: 'BOLD Tile & Stone',
    storeName: '',
    storeAddress: '',
  },
  {
    username: 'EXAMPLE-store',
    password: 'Example-only2',
    role: 'bold_customer',
    firstName: 'Sam',
    lastName: 'Lee',
    email: 'sam.lee@example.com',
    phone: '555-0101',
    company: 'Floors Inc.',
    storeName: 'Floors Inc. Downtown',
    storeAddress: '12 Main St, Springfield',
  },
];

/** The header and example rows as text cells: the CSV template, and the workbook's users sheet. */
export function userTemplateRows(): string[][] {
  const header = [...USER_IMPORT_COLUMNS, TEMPLATE_NOTE_COLUMN];
  const examples = USER_TEMPLATE_EXAMPLES.map((example) => [...USER_IMPORT_COLUMNS.map((c) => example[c]), TEMPLATE_EXAMPLE_NOTE]);
  return [header, ...examples];
}

export const NOTHING_TO_IMPORT_MESSAGE = 'Nothing to import: the file holds only the template’s example rows (usernames starting with EXAMPLE)';

/** Headers match case-insensitively, ignoring spaces, underscores and hyphens ("First Name" = firstName). */
export function normaliseHeader(header: string): string {
  return header.toLowerCase().replace(/[\s_-]+/g, '');
}

const COLUMN_BY_KEY = new Map<string, UserImportColumn>(USER_IMPORT_COLUMNS.map((c) => [normaliseHeader(c), c]));

/** The column each header names, or null for a column we do not read (ignored, like a notes column). */
export function mapHeaders(headers: readonly string[]): (UserImportColumn | null)[] {
  return headers.map((h) => COLUMN_BY_KEY.get(normaliseHeader(h)) ?? null);
}

const REQUIRED_COLUMNS: readonly UserImportColumn[] = ['username', 'password'];

/** A path the error body can carry: `rows.<row>.<field>` (docs/architecture.md: errors[{ path, message }]). */
export function issuePath(issue: ImportIssue): string {
  return issue.field ? `rows.${issue.row}.${issue.field}` : `rows.${issue.row}`;
}

/** Reads an issue back from its path, for the client's per-row report. */
export function parseIssuePath(path: string, message: string): ImportIssue | null {
  const match = /^rows\.(\d+)(?:\.(\w+))?$/.exec(path);
  if (!match) return null;
  return { row: Number(match[1]), field: match[2] ?? null, message };
}

/** "Row 4: Invalid email (email)"; file-level problems have no row. */
export function describeIssue(issue: ImportIssue): string {
  if (issue.row === 0) return issue.message;
  return issue.field ? `Row ${issue.row}: ${issue.message} (${issue.field})` : `Row ${issue.row}: ${issue.message}`;
}

function isBlank(cells: readonly string[]): boolean {
  return cells.every((c) => c.trim() === '');
}

/**
 * Checks every row against the import row rules; all-or-nothing, so it reports every problem at once.
 * Usernames must also be unique within the file (case-insensitive, like the database).
 */
export function validateUserImport(headers: readonly string[], rows: readonly SheetRow[]): ImportValidation {
  const columns = mapHeaders(headers);
  const missing = REQUIRED_COLUMNS.filter((c) => !columns.includes(c));
  if (missing.length > 0) {
    return { rows: [], issues: missing.map((c) => ({ row: 1, field: c, message: `Missing column: ${c}` })), skippedExamples: 0 };
  }
  const usernameAt = columns.indexOf('username');
  const nonBlank = rows.filter((r) => !isBlank(r.cells));
  const filled = nonBlank.filter((r) => !isExampleUsername(r.cells[usernameAt] ?? ''));
  const skippedExamples = nonBlank.length - filled.length;
  if (filled.length === 0) {
    // An unchanged template is "nothing to import" (no error); a file with no rows at all is a mistake.
    if (skippedExamples > 0) return { rows: [], issues: [], skippedExamples };
    return { rows: [], issues: [{ row: 0, field: null, message: 'The file has no users to import' }], skippedExamples };
  }
  if (filled.length > MAX_IMPORT_USERS) {
    const message = `A file may hold at most ${MAX_IMPORT_USERS} users; this one has ${filled.length}`;
    return { rows: [], issues: [{ row: 0, field: null, message }], skippedExamples };
  }

  const issues: ImportIssue[] = [];
  const valid: ValidImportRow[] = [];
  const firstRowOf = new Map<string, number>();
  for (const { row, cells } of filled) {
    const record: Record<string, string> = {};
    columns.forEach((column, i) => {
      if (column && record[column] === undefined) record[column] = cells[i] ?? '';
    });
    const parsed = userImportRow.safeParse(record);
    if (!parsed.success) {
      // One message per field: the first rule it broke.
      const seen = new Set<string>();
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        if (seen.has(field)) continue;
        seen.add(field);
        issues.push({ row, field: field || null, message: issue.message });
      }
      continue;
    }
    const key = parsed.data.username.toLowerCase();
    const first = firstRowOf.get(key);
    if (first !== undefined) {
      issues.push({ row, field: 'username', message: `Username appears more than once in the file (first on row ${first})` });
      continue;
    }
    firstRowOf.set(key, row);
    valid.push({ row, user: parsed.data });
  }
  return { rows: valid, issues, skippedExamples };
}

/** Issues for rows whose username an existing account already has. */
export function takenUsernameIssues(rows: readonly ValidImportRow[], taken: ReadonlySet<string>): ImportIssue[] {
  return rows
    .filter((r) => taken.has(r.user.username.toLowerCase()))
    .map((r) => ({ row: r.row, field: 'username', message: USER_MESSAGES.usernameTaken }));
}

/** What the preview warns about (docs/decisions/0225): what the file does that may not be meant. */
export const USER_IMPORT_WARNINGS = {
  ignoredColumn: (header: string) => `The column "${header}" is not one the import reads; it is ignored`,
  noEmail: 'No email: this account gets no welcome email',
  admin: 'Creates an admin: full access to the portal, users included',
} as const;

/**
 * The preview's warnings, in row order: a column the import does not read (a misspelt "E-mail
 * Address" would otherwise leave every account without its address), an account without an email
 * (no welcome email), and a new admin. The template's note column is expected and not a warning.
 */
export function userImportWarnings(headers: readonly string[], rows: readonly ValidImportRow[]): ImportIssue[] {
  const columns = mapHeaders(headers);
  const warnings: ImportIssue[] = [];
  headers.forEach((header, i) => {
    const text = header.trim();
    if (columns[i] === null && text !== '' && normaliseHeader(text) !== TEMPLATE_NOTE_COLUMN) {
      warnings.push({ row: 1, field: null, message: USER_IMPORT_WARNINGS.ignoredColumn(text) });
    }
  });
  for (const { row, user } of rows) {
    if (user.role === 'admin') warnings.push({ row, field: 'role', message: USER_IMPORT_WARNINGS.admin });
    if (!user.email) warnings.push({ row, field: 'email', message: USER_IMPORT_WARNINGS.noEmail });
  }
  return warnings;
}

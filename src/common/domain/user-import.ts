import {
  MAX_IMPORT_USERS,
  USER_IMPORT_COLUMNS,
  USER_MESSAGES,
  userImportRow,
  type UserImportColumn,
  type UserImportRow,
} from '../contracts/users';

/**
 * Bulk user import (spec §5 "Bulk user import row"), the pure part: which column is
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
}

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

/** A path the error body can carry: `rows.<row>.<field>` (DESIGN.md errors[{ path, message }]). */
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
 * Checks every row against spec §5; all-or-nothing, so it reports every problem at once.
 * Usernames must also be unique within the file (case-insensitive, like the database).
 */
export function validateUserImport(headers: readonly string[], rows: readonly SheetRow[]): ImportValidation {
  const columns = mapHeaders(headers);
  const missing = REQUIRED_COLUMNS.filter((c) => !columns.includes(c));
  if (missing.length > 0) {
    return { rows: [], issues: missing.map((c) => ({ row: 1, field: c, message: `Missing column: ${c}` })) };
  }
  const filled = rows.filter((r) => !isBlank(r.cells));
  if (filled.length === 0) return { rows: [], issues: [{ row: 0, field: null, message: 'The file has no users to import' }] };
  if (filled.length > MAX_IMPORT_USERS) {
    const message = `A file may hold at most ${MAX_IMPORT_USERS} users; this one has ${filled.length}`;
    return { rows: [], issues: [{ row: 0, field: null, message }] };
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
  return { rows: valid, issues };
}

/** Issues for rows whose username an existing account already has. */
export function takenUsernameIssues(rows: readonly ValidImportRow[], taken: ReadonlySet<string>): ImportIssue[] {
  return rows
    .filter((r) => taken.has(r.user.username.toLowerCase()))
    .map((r) => ({ row: r.row, field: 'username', message: USER_MESSAGES.usernameTaken }));
}

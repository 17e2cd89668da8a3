import { describe, expect, it } from 'vitest';
import { MAX_IMPORT_USERS } from '../contracts/users';
import {
  describeIssue,
  issuePath,
  mapHeaders,
  NOTHING_TO_IMPORT_MESSAGE,
  normaliseHeader,
  parseIssuePath,
  takenUsernameIssues,
  USER_IMPORT_WARNINGS,
  userImportWarnings,
  userTemplateRows,
  validateUserImport,
} from './user-import';

const HEADER = ['username', 'password', 'role', 'email'];
const row = (n: number, ...cells: string[]) => ({ row: n, cells });

describe('mapHeaders', () => {
  it('matches the User field names ignoring case, spaces, underscores and hyphens', () => {
    expect(mapHeaders(['User Name', 'PASSWORD', 'first_name', 'Last-Name', 'Store Address', 'notes'])).toEqual([
      'username',
      'password',
      'firstName',
      'lastName',
      'storeAddress',
      null,
    ]);
  });
});

describe('template example rows', () => {
  it('skips usernames starting with EXAMPLE in any case; the template alone is nothing to import', () => {
    const [header = [], ...examples] = userTemplateRows();
    const unchanged = validateUserImport(header, examples.map((cells, i) => row(i + 2, ...cells)));
    expect(unchanged).toEqual({ rows: [], issues: [], skippedExamples: examples.length });
    const mixed = validateUserImport(HEADER, [row(2, 'example-x', 'bad'), row(3, 'ＥＸＡＭＰＬＥ2', ''), row(4, 'ann', 'Welcome1')]);
    expect(mixed.issues).toEqual([]);
    expect(mixed.skippedExamples).toBe(2);
    expect(mixed.rows.map((r) => r.user.username)).toEqual(['ann']);
  });
});

describe('validateUserImport', () => {
  it('accepts good rows, defaults the role to salesperson and skips blank rows', () => {
    const result = validateUserImport(HEADER, [row(2, 'ann', 'Welcome1', '', ''), row(3, '', '', '', ''), row(4, 'bob', 'Welcome1', 'Admin', 'bob@x.io')]);
    expect(result.issues).toEqual([]);
    expect(result.rows.map((r) => [r.row, r.user.username, r.user.role, r.user.email])).toEqual([
      [2, 'ann', 'salesperson', null],
      [4, 'bob', 'admin', 'bob@x.io'],
    ]);
  });

  it('reads "BOLD Customer" as bold_customer', () => {
    expect(validateUserImport(HEADER, [row(2, 'dealer1', 'Welcome1', 'BOLD Customer', '')]).rows[0]?.user.role).toBe('bold_customer');
  });

  it('reports the first broken rule of each field, per row', () => {
    const result = validateUserImport(HEADER, [row(2, '', '', 'chief', 'x@')]);
    expect(result.issues).toEqual([
      { row: 2, field: 'username', message: 'Username is required' },
      { row: 2, field: 'password', message: 'Password must be at least 6 characters' },
      { row: 2, field: 'role', message: 'Role must be admin, salesperson or bold_customer' },
      { row: 2, field: 'email', message: 'Invalid email' },
    ]);
    expect(result.rows).toEqual([]);
  });

  it('finds a username used twice in the file, whatever the case', () => {
    const result = validateUserImport(HEADER, [row(2, 'Sam', 'Welcome1'), row(3, 'sam', 'Welcome1')]);
    expect(result.issues).toEqual([{ row: 3, field: 'username', message: 'Username appears more than once in the file (first on row 2)' }]);
  });

  it('needs the username and password columns and at least one user', () => {
    expect(validateUserImport(['name'], [row(2, 'x')]).issues.map((i) => i.message)).toEqual([
      'Missing column: username',
      'Missing column: password',
    ]);
    expect(validateUserImport(HEADER, []).issues).toEqual([{ row: 0, field: null, message: 'The file has no users to import' }]);
  });

  it(`refuses more than ${MAX_IMPORT_USERS} users`, () => {
    const rows = Array.from({ length: MAX_IMPORT_USERS + 1 }, (_, i) => row(i + 2, `user${i}`, 'Welcome1'));
    expect(validateUserImport(HEADER, rows)).toEqual({
      rows: [],
      issues: [{ row: 0, field: null, message: 'A file may hold at most 500 users; this one has 501' }],
      skippedExamples: 0,
    });
    expect(validateUserImport(HEADER, rows.slice(0, MAX_IMPORT_USERS)).rows).toHaveLength(MAX_IMPORT_USERS);
  });

  it('answers a refused file with no rows to import', () => {
    expect(validateUserImport(['name'], [row(2, 'x')]).rows).toEqual([]);
    expect(validateUserImport(HEADER, []).rows).toEqual([]);
  });

  it('takes a row of spaces as blank, and the first of two columns with the same name', () => {
    const result = validateUserImport(['username', 'password', 'User Name'], [row(2, ' ', '  ', '\t'), row(3, 'ann', 'Welcome1', 'other')]);
    expect(result.issues).toEqual([]);
    expect(result.rows.map((r) => r.user.username)).toEqual(['ann']);
  });

  it('reads headers in any case, with runs of spaces, underscores and hyphens', () => {
    expect(normaliseHeader('First  Name')).toBe('firstname');
    expect(normaliseHeader('STORE_-_ADDRESS')).toBe('storeaddress');
    expect(mapHeaders(['E-Mail', 'phone', 'company', 'store name'])).toEqual(['email', 'phone', 'company', 'storeName']);
  });

  it('finds a username used twice however each is written', () => {
    const result = validateUserImport(HEADER, [row(2, 'ANN', 'Welcome1'), row(3, 'Ann', 'Welcome1')]);
    expect(result.issues).toEqual([{ row: 3, field: 'username', message: 'Username appears more than once in the file (first on row 2)' }]);
  });
});

describe('issue paths and lines', () => {
  it('round-trips through the error body path', () => {
    const issue = { row: 7, field: 'email', message: 'Invalid email' };
    expect(issuePath(issue)).toBe('rows.7.email');
    expect(parseIssuePath('rows.7.email', 'Invalid email')).toEqual(issue);
    expect(parseIssuePath('rows.0', 'No users')).toEqual({ row: 0, field: null, message: 'No users' });
    expect(parseIssuePath('username', 'x')).toBeNull();
    expect(parseIssuePath('rows.12.email', 'x')).toEqual({ row: 12, field: 'email', message: 'x' });
    expect(parseIssuePath('xrows.7', 'x')).toBeNull();
    expect(parseIssuePath('rows.7.email.x', 'x')).toBeNull();
    expect(issuePath({ row: 3, field: null, message: 'x' })).toBe('rows.3');
  });

  it('reads like the spec’s row messages', () => {
    expect(describeIssue({ row: 4, field: 'email', message: 'Invalid email' })).toBe('Row 4: Invalid email (email)');
    expect(describeIssue({ row: 0, field: null, message: 'The file has no users to import' })).toBe('The file has no users to import');
    expect(describeIssue({ row: 5, field: null, message: 'Bad row' })).toBe('Row 5: Bad row');
  });

  it('flags rows whose username is taken', () => {
    const { rows } = validateUserImport(HEADER, [row(2, 'Taken', 'Welcome1'), row(3, 'free', 'Welcome1')]);
    expect(takenUsernameIssues(rows, new Set(['taken']))).toEqual([{ row: 2, field: 'username', message: 'Username already exists' }]);
  });
});

describe('the user import template', () => {
  it('holds the spec columns, a note column and two example rows', () => {
    expect(userTemplateRows()).toMatchInlineSnapshot(`
      [
        [
          "username",
          "password",
          "role",
          "firstName",
          "lastName",
          "email",
          "phone",
          "company",
          "storeName",
          "storeAddress",
          "note",
        ],
        [
          "EXAMPLE-jdoe",
          "Example-only1",
          "salesperson",
          "Jane",
          "Doe",
          "jane.doe@example.com",
          "555-0100",
          "BOLD Tile & Stone",
          "",
          "",
          "Example row: never imported. Add your users on new rows, usernames not starting with EXAMPLE.",
        ],
        [
          "EXAMPLE-store",
          "Example-only2",
          "bold_customer",
          "Sam",
          "Lee",
          "sam.lee@example.com",
          "555-0101",
          "Floors Inc.",
          "Floors Inc. Downtown",
          "12 Main St, Springfield",
          "Example row: never imported. Add your users on new rows, usernames not starting with EXAMPLE.",
        ],
      ]
    `);
    expect(NOTHING_TO_IMPORT_MESSAGE).toBe('Nothing to import: the file holds only the template’s example rows (usernames starting with EXAMPLE)');
  });

  it('has example rows that would pass as users if they were not examples', () => {
    const [header = [], ...examples] = userTemplateRows();
    const renamed = examples.map((cells, i) => row(i + 2, ...cells.map((c, j) => (j === 0 ? c.replace('EXAMPLE-', 'real-') : c))));
    const result = validateUserImport(header, renamed);
    expect(result.issues).toEqual([]);
    expect(result.rows.map((r) => r.user.role)).toEqual(['salesperson', 'bold_customer']);
  });
});

describe('userImportWarnings (docs/decisions/0225)', () => {
  it('warns of ignored columns (not the template note), new admins and accounts without an email, in row order', () => {
    const headers = ['username', 'password', 'role', 'E-mail Address', 'note', '', 'email'];
    const checked = validateUserImport(headers, [row(2, 'anna', 'Tilework7', 'admin', 'x', '', '', 'a@example.com'), row(3, 'bert', 'Tilework7', '', '', '', '', '')]);
    expect(checked.issues).toEqual([]);
    expect(userImportWarnings(headers, checked.rows)).toEqual([
      { row: 1, field: null, message: USER_IMPORT_WARNINGS.ignoredColumn('E-mail Address') },
      { row: 2, field: 'role', message: USER_IMPORT_WARNINGS.admin },
      { row: 3, field: 'email', message: USER_IMPORT_WARNINGS.noEmail },
    ]);
  });
});

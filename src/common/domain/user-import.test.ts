import { describe, expect, it } from 'vitest';
import { MAX_IMPORT_USERS } from '../contracts/users';
import {
  describeIssue,
  issuePath,
  mapHeaders,
  parseIssuePath,
  takenUsernameIssues,
  userTemplateRows,
  validateUserImport,
} from './user-import';

const HEADER = ['username', 'password', 'role', 'email'];
const row = (n: number, ...cells: string[]) => ({ row: n, cells });

describe('mapHeaders', () => {
  it('matches spec §3 field names ignoring case, spaces, underscores and hyphens', () => {
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

describe('template example rows (issue 13)', () => {
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
    expect(validateUserImport(HEADER, rows).issues[0]?.message).toMatch(/at most 500 users/);
  });
});

describe('issue paths and lines', () => {
  it('round-trips through the error body path', () => {
    const issue = { row: 7, field: 'email', message: 'Invalid email' };
    expect(issuePath(issue)).toBe('rows.7.email');
    expect(parseIssuePath('rows.7.email', 'Invalid email')).toEqual(issue);
    expect(parseIssuePath('rows.0', 'No users')).toEqual({ row: 0, field: null, message: 'No users' });
    expect(parseIssuePath('username', 'x')).toBeNull();
  });

  it('reads like the spec’s row messages', () => {
    expect(describeIssue({ row: 4, field: 'email', message: 'Invalid email' })).toBe('Row 4: Invalid email (email)');
    expect(describeIssue({ row: 0, field: null, message: 'The file has no users to import' })).toBe('The file has no users to import');
  });

  it('flags rows whose username is taken', () => {
    const { rows } = validateUserImport(HEADER, [row(2, 'Taken', 'Welcome1'), row(3, 'free', 'Welcome1')]);
    expect(takenUsernameIssues(rows, new Set(['taken']))).toEqual([{ row: 2, field: 'username', message: 'Username already exists' }]);
  });
});

import type { ErrorBody } from '@common/contracts/common';
import { USER_IMPORT_COLUMNS, USER_MESSAGES, type UserImportResult } from '@common/contracts/users';
import type { UserImportCounts, UserImportPreview } from '@common/contracts/users-import';
import { PASSWORD_MESSAGES } from '@common/domain/password-rules';
import { isOneOf } from '@common/domain/one-of';
import { ROLES } from '@common/domain/permissions';
import { issuePath, takenUsernameIssues, userImportWarnings, validateUserImport, type ImportIssue, type ValidImportRow } from '@common/domain/user-import';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { Db, DbOrTx, Tx } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { mapWithProgress } from '../../lib/bounded-pool';
import { isCommonPassword } from '../../lib/common-passwords';
import { HttpError } from '../../lib/http-error';
import { hashTemporaryPassword } from '../../lib/password-hash';
import { safeFileName } from '../../lib/safe-file-name';
import type { ReceivedFile } from '../../lib/upload';
import type { ImportKind, ImportsService, PreviewProgress } from '../imports';
import { readUserSheet } from './import-file';
import { isUsernameConflict, takenUsernames, type NewUser, type UserRow } from './repository';

/*
 * The users file as an import kind (docs/decisions/0225, on docs/decisions/0220): the preview reads
 * and checks every row as before (docs/decisions/0021: all or nothing, every problem named by row)
 * and hashes the temporary passwords (docs/decisions/0132), so the kept file holds hashes, never a
 * password; the confirm creates the accounts in one transaction with their activity rows and
 * welcome emails. Once decided, the kept file loses its hashes.
 */

/** Import rows whose password is a common one: reported like any other row problem. */
async function commonPasswordIssues(rows: readonly ValidImportRow[]): Promise<ImportIssue[]> {
  const issues: ImportIssue[] = [];
  for (const { row, user } of rows) {
    if (await isCommonPassword(user.password)) issues.push({ row, field: 'password', message: PASSWORD_MESSAGES.tooCommon });
  }
  return issues;
}

/** The 400 of a refused file (docs/decisions/0021): every problem, "rows.<row>.<field>". */
export function refusalBody(issues: readonly ImportIssue[]): ErrorBody {
  return {
    message: `No users were imported: ${issues.length} problem${issues.length === 1 ? '' : 's'} found`,
    errors: issues.map((i) => ({ path: issuePath(i), message: i.message })),
  };
}

/** Most problems a rejected file keeps in the history (as the stock file's, docs/decisions/0211). */
const KEPT_PROBLEMS = 200;

/** The kept file: the rows as read, the password's column replaced by its hash. */
const KEPT_COLUMNS = ['row', ...USER_IMPORT_COLUMNS.map((c) => (c === 'password' ? 'passwordHash' : c))] as const;
const HASH_COLUMN = KEPT_COLUMNS.indexOf('passwordHash');

function keptCsv(rows: readonly ValidImportRow[], hashes: readonly string[]): Buffer {
  const lines = rows.map(({ row, user }, i) => [
    String(row),
    ...USER_IMPORT_COLUMNS.map((c) => (c === 'password' ? hashes[i]! : (user[c] ?? ''))),
  ]);
  return Buffer.from(stringify([[...KEPT_COLUMNS], ...lines]));
}

/** The kept file without its hashes: what the history keeps once the upload is decided. */
function withoutHashes(data: Buffer): Buffer {
  const records: string[][] = parse(data);
  return Buffer.from(stringify(records.map((cells) => cells.filter((_, i) => i !== HASH_COLUMN))));
}

interface KeptAccount {
  row: number;
  account: NewUser;
}

/** The kept file read back into accounts; it was written by keptCsv, so a bad one is a bug, not the user's file. */
function readKept(data: Buffer): KeptAccount[] {
  const [header, ...records]: string[][] = parse(data);
  if (header?.join(',') !== KEPT_COLUMNS.join(',')) throw new Error('The kept users file has unexpected columns');
  return records.map((cells) => {
    const cell = (c: (typeof KEPT_COLUMNS)[number]) => cells[KEPT_COLUMNS.indexOf(c)] ?? '';
    const text = (c: (typeof KEPT_COLUMNS)[number]) => cell(c) || null;
    const role = cell('role');
    if (!isOneOf(ROLES, role)) throw new Error('The kept users file has an unknown role');
    return {
      row: Number(cell('row')),
      account: {
        username: cell('username'),
        passwordHash: cell('passwordHash'),
        role,
        firstName: text('firstName'),
        lastName: text('lastName'),
        email: text('email'),
        phone: text('phone'),
        company: text('company'),
        storeName: text('storeName'),
        storeAddress: text('storeAddress'),
        isTemporaryPassword: true,
      },
    };
  });
}

type UsersImportKind = ImportKind<UserImportPreview, UserImportResult, void, KeptAccount[], ErrorBody>;

export function createUsersImportKind(deps: {
  db: Db;
  /** The users service's own insert: accounts, user_created rows and welcome emails, in `tx`. */
  createAccounts: (tx: DbOrTx, actor: Actor, values: NewUser[]) => Promise<UserRow[]>;
}): UsersImportKind {
  const { db } = deps;
  return {
    name: 'users',

    async preview(actor, file, progress) {
      const sheet = await readUserSheet(file, String(actor.userId));
      const checked = validateUserImport(sheet.headers, sheet.rows);
      const taken = await takenUsernames(db, checked.rows.map((r) => r.user.username.toLowerCase()));
      const issues = [...checked.issues, ...takenUsernameIssues(checked.rows, taken), ...(await commonPasswordIssues(checked.rows))].sort((a, b) => a.row - b.row);
      const filename = safeFileName(file.filename, 'csv', 'users');
      const rowsRead = checked.rows.length + checked.skippedExamples;
      if (issues.length > 0) {
        // The history names each problem as the screen does: "Row 3: Invalid email (email)".
        const problems = issues.slice(0, KEPT_PROBLEMS).map((i) => ({ row: i.row, message: i.field ? `${i.message} (${i.field})` : i.message }));
        // A refused file keeps no bytes: its passwords were never hashed and are not stored.
        return { ok: false, body: refusalBody(issues), refused: { filename, data: Buffer.alloc(0), problems, problemCount: issues.length, rows: rowsRead } };
      }
      const warnings = userImportWarnings(sheet.headers, checked.rows);
      const total = checked.rows.length;
      progress?.(0, total);
      // The cheaper temporary-password hash that sign-in replaces, on a bounded pool (docs/decisions/0132).
      const hashes = await mapWithProgress(checked.rows, ({ user }) => hashTemporaryPassword(user.password), (done) => progress?.(done, total));
      const counts: UserImportCounts = { rows: rowsRead, created: total, skippedExamples: checked.skippedExamples, warnings: warnings.length };
      return {
        ok: true,
        keep: { filename, data: keptCsv(checked.rows, hashes), counts },
        answer: (uploadId) => ({
          uploadId,
          filename,
          counts,
          created: checked.rows.map(({ row, user }) => ({
            row,
            username: user.username,
            role: user.role,
            firstName: user.firstName ?? null,
            lastName: user.lastName ?? null,
            email: user.email ?? null,
            company: user.company ?? null,
          })),
          warnings,
        }),
      };
    },

    read: async (_actor, kept) => readKept(kept.data),

    async apply(tx, { actor, kept, read: accounts }) {
      const skippedExamples = kept.counts.skippedExamples ?? 0;
      if (accounts.length === 0) return { response: { created: 0, skippedExamples, users: [] } };
      const rows = await deps.createAccounts(tx, actor, accounts.map((a) => a.account));
      const byName = new Map(rows.map((row) => [row.username.toLowerCase(), row]));
      return {
        response: {
          created: rows.length,
          skippedExamples,
          users: accounts.flatMap(({ row, account }) => {
            const created = byName.get(account.username.toLowerCase());
            return created ? [{ row, id: created.id, username: created.username, role: created.role }] : [];
          }),
        },
      };
    },

    async transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      try {
        return await db.transaction(work);
      } catch (error) {
        // A name taken since the preview (another admin, another file): the unique index decides, nothing is created.
        if (isUsernameConflict(error)) throw new HttpError(409, USER_MESSAGES.usernameTaken);
        throw error;
      }
    },

    keptOnceDecided: withoutHashes,

    // A users file names people and their addresses: an API token (a stock integration) is not shown it.
    listedFor: (actor) => !actor.apiToken,
  };
}

/** The users module's handle on its kind: preview, confirm, cancel (docs/decisions/0220). */
export function createUsersImport(deps: Parameters<typeof createUsersImportKind>[0] & { imports: Pick<ImportsService, 'register'> }) {
  const uploads = deps.imports.register(createUsersImportKind(deps));

  async function preview(actor: Actor, file: ReceivedFile, progress?: PreviewProgress): Promise<UserImportPreview> {
    const outcome = await uploads.preview(actor, file, progress);
    if (!outcome.ok) throw new HttpError(400, outcome.body.message, outcome.body.errors);
    return outcome.preview;
  }

  async function confirm(actor: Actor, id: number): Promise<UserImportResult> {
    const outcome = await uploads.confirm(actor, id);
    // The users kind refuses at confirm only with an HttpError (a name taken since: 409).
    if (!outcome.ok) throw new HttpError(400, outcome.body.message, outcome.body.errors);
    return outcome.response;
  }

  return {
    preview,
    confirm,
    async cancel(actor: Actor, id: number) {
      await uploads.cancel(actor, id);
      return { id, status: 'cancelled' as const };
    },
    /**
     * POST /api/users/import: applied at once, as it always was for API clients (docs/decisions/0225):
     * the same preview and confirm, one after the other, so the history keeps it like any other.
     */
    async importNow(actor: Actor, file: ReceivedFile, progress?: PreviewProgress): Promise<UserImportResult> {
      const previewed = await preview(actor, file, progress);
      return confirm(actor, previewed.uploadId);
    },
  };
}

export type UsersImport = ReturnType<typeof createUsersImport>;

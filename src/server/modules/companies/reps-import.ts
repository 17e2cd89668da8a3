import type { ErrorBody } from '@common/contracts/common';
import { MAX_REP_IMPORT_ROWS, type RepImportPreview, type RepImportResult } from '@common/contracts/reps';
import { parse } from 'csv-parse/sync';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { companies, repAssignments } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { HttpError } from '../../lib/http-error';
import { safeFileName } from '../../lib/safe-file-name';
import type { ReceivedFile } from '../../lib/upload';
import { normaliseHeader, type ImportKind, type ImportsService } from '../imports';
import type { RepAssignmentsService } from './reps';
import { findSalespersonByUsername } from './reps-repository';

/*
 * The rep assignments file (docs/decisions/0235) as an import kind (docs/decisions/0220): a CSV of
 * salesperson usernames and company account numbers. All or nothing: every problem is named by
 * row and nothing changes; the confirm re-checks each row in its transaction and assigns.
 */

interface Resolved {
  row: number;
  username: string;
  accountNumber: string;
  userId: number;
  companyId: number;
  companyName: string;
  isNew: boolean;
}

interface Issue {
  row: number;
  field: 'username' | 'accountNumber' | null;
  message: string;
}

function refusal(issues: readonly Issue[]): ErrorBody {
  return {
    message: `No reps were assigned: ${issues.length} problem${issues.length === 1 ? '' : 's'} found`,
    errors: issues.slice(0, 200).map((i) => ({ path: i.field ? `rows.${i.row}.${i.field}` : `rows.${i.row}`, message: `Row ${i.row}: ${i.message}` })),
  };
}

/** Reads and checks every row against the live accounts and companies. */
async function resolve(db: DbOrTx, data: Buffer): Promise<{ rows: Resolved[]; issues: Issue[]; read: number }> {
  let records: string[][];
  try {
    records = parse(data, { bom: true, relax_column_count: true, skip_empty_lines: true, trim: true });
  } catch {
    return { rows: [], issues: [{ row: 1, field: null, message: 'The CSV file could not be read' }], read: 0 };
  }
  const [header = [], ...body] = records;
  const columns = header.map(normaliseHeader);
  const userAt = columns.indexOf('username');
  const accountAt = columns.indexOf('accountnumber');
  if (userAt < 0 || accountAt < 0) return { rows: [], issues: [{ row: 1, field: null, message: 'The file needs the columns username and accountNumber' }], read: 0 };
  if (body.length > MAX_REP_IMPORT_ROWS) return { rows: [], issues: [{ row: 1, field: null, message: `A file may hold at most ${MAX_REP_IMPORT_ROWS} rows` }], read: body.length };
  const rows: Resolved[] = [];
  const issues: Issue[] = [];
  for (const [index, cells] of body.entries()) {
    const row = index + 2;
    const username = cells[userAt] ?? '';
    const accountNumber = cells[accountAt] ?? '';
    const rep = username ? await findSalespersonByUsername(db, username) : undefined;
    if (!rep) issues.push({ row, field: 'username', message: username ? `No user named ${username}` : 'Username is required' });
    else if (rep.role !== 'salesperson') issues.push({ row, field: 'username', message: `${rep.username} is not a salesperson` });
    const [company] = accountNumber
      ? await db.select({ id: companies.id, name: companies.name }).from(companies).where(sql`lower(${companies.accountNumber}) = lower(${accountNumber})`)
      : [];
    if (!company) issues.push({ row, field: 'accountNumber', message: accountNumber ? `No company has account number ${accountNumber}` : 'Account number is required' });
    if (rep?.role === 'salesperson' && company) {
      const [existing] = await db.select({ userId: repAssignments.userId }).from(repAssignments).where(and(eq(repAssignments.userId, rep.id), eq(repAssignments.companyId, company.id)));
      rows.push({ row, username: rep.username, accountNumber, userId: rep.id, companyId: company.id, companyName: company.name, isNew: !existing });
    }
  }
  return { rows, issues, read: body.length };
}

type RepsImportKind = ImportKind<RepImportPreview, RepImportResult, void, void, ErrorBody>;

function createRepsImportKind(deps: { db: Db; reps: Pick<RepAssignmentsService, 'assignIn'> }): RepsImportKind {
  const { db } = deps;
  return {
    name: 'rep_assignments',
    async preview(_actor, file) {
      const filename = safeFileName(file.filename, 'csv', 'rep-assignments');
      const { rows, issues, read } = await resolve(db, file.data);
      if (issues.length > 0 || rows.length === 0) {
        const all = issues.length > 0 ? issues : [{ row: 1, field: null, message: 'The file has no rows' }];
        return { ok: false, body: refusal(all), refused: { filename, data: file.data, problems: all.map((i) => ({ row: i.row, message: i.message })), problemCount: all.length, rows: read } };
      }
      const counts = { rows: read, assigned: rows.filter((r) => r.isNew).length, alreadyAssigned: rows.filter((r) => !r.isNew).length };
      return {
        ok: true,
        keep: { filename, data: file.data, counts },
        answer: (uploadId) => ({ uploadId, filename, counts, rows: rows.map(({ row, username, accountNumber, companyName, isNew }) => ({ row, username, accountNumber, companyName, isNew })) }),
      };
    },
    async apply(tx, { actor, kept }) {
      // Checked again in the confirm's transaction: a rep deleted or a company renumbered since refuses it whole.
      const { rows, issues } = await resolve(tx, kept.data);
      if (issues.length > 0) throw new HttpError(409, refusal(issues).message);
      let assigned = 0;
      for (const r of rows) if (await deps.reps.assignIn(tx, actor, r.companyId, r.userId)) assigned += 1;
      return { response: { assigned, alreadyAssigned: rows.length - assigned } };
    },
    listedFor: (actor) => !actor.apiToken,
  };
}

/** The companies module's handle on the rep assignments file: preview, confirm, cancel. */
export function createRepsImport(deps: { db: Db; reps: Pick<RepAssignmentsService, 'assignIn'>; imports: Pick<ImportsService, 'register'> }) {
  const uploads = deps.imports.register(createRepsImportKind(deps));
  return {
    async preview(actor: Actor, file: ReceivedFile): Promise<RepImportPreview> {
      const outcome = await uploads.preview(actor, file);
      if (!outcome.ok) throw new HttpError(400, outcome.body.message, outcome.body.errors);
      return outcome.preview;
    },
    async confirm(actor: Actor, id: number): Promise<RepImportResult> {
      const outcome = await uploads.confirm(actor, id);
      if (!outcome.ok) throw new HttpError(400, outcome.body.message, outcome.body.errors);
      return outcome.response;
    },
    async cancel(actor: Actor, id: number) {
      await uploads.cancel(actor, id);
      return { id, status: 'cancelled' as const };
    },
  };
}

export type RepsImport = ReturnType<typeof createRepsImport>;

import { z } from './zod';
import { idSchema } from './common';
import { companyStatusSchema } from './companies';

/*
 * Reps order for their dealers (docs/decisions/0235): admins assign salespeople to companies; a rep
 * lists the companies they may order for.
 */

/** A salesperson assigned to a company. */
export const repAssignmentView = z.object({
  userId: z.int(),
  username: z.string(),
  /** First and last name when known, else the username. */
  name: z.string(),
  assignedAt: z.string(),
  assignedByName: z.nullable(z.string()),
});
export type RepAssignmentView = z.infer<typeof repAssignmentView>;

export const repAssignmentsResponse = z.object({ reps: z.array(repAssignmentView) });
export type RepAssignmentsResponse = z.infer<typeof repAssignmentsResponse>;

export const repAssignmentParams = z.object({ id: idSchema(), userId: idSchema('Invalid user id') });

/** A company a rep may order for (the "Order for a dealer" picker). */
export const actingCompanyView = z.object({
  id: z.int(),
  name: z.string(),
  accountNumber: z.nullable(z.string()),
  status: companyStatusSchema,
});
export type ActingCompanyView = z.infer<typeof actingCompanyView>;

export const actingCompaniesQuery = z.object({
  /** Name or account number (admins pick among every company, so they search). */
  q: z.optional(z.string().check(z.trim(), z.maxLength(100, { error: 'Search must be at most 100 characters' }))),
});
export const actingCompaniesResponse = z.object({ companies: z.array(actingCompanyView) });
export type ActingCompaniesResponse = z.infer<typeof actingCompaniesResponse>;

/** The rep assignments file (docs/decisions/0235): a CSV with columns username and accountNumber. */
export const REP_IMPORT_COLUMNS = ['username', 'accountNumber'] as const;
export const MAX_REP_IMPORT_ROWS = 5000;

export const repImportPreview = z.object({
  uploadId: z.int(),
  filename: z.string(),
  counts: z.object({ rows: z.int(), assigned: z.int(), alreadyAssigned: z.int() }),
  rows: z.array(z.object({ row: z.int(), username: z.string(), accountNumber: z.string(), companyName: z.string(), isNew: z.boolean() })),
});
export type RepImportPreview = z.infer<typeof repImportPreview>;

export const repImportResult = z.object({ assigned: z.int(), alreadyAssigned: z.int() });
export type RepImportResult = z.infer<typeof repImportResult>;

export const repImportIdParams = z.object({ id: idSchema('Invalid upload id') });
export const cancelRepImportResponse = z.object({ id: z.int(), status: z.literal('cancelled') });

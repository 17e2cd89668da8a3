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

import { isOneOf } from './one-of';

/*
 * Dealer companies (docs/decisions/0229-dealer-companies-and-contract-prices.md): a company has
 * locations and buyers; each buyer (a dealer user) has one company role.
 */

/** admin manages the company's buyers and locations and approves; buyer orders; requester submits POs for approval. */
export const COMPANY_ROLES = ['admin', 'buyer', 'requester'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

export const COMPANY_ROLE_LABELS: Record<CompanyRole, string> = {
  admin: 'Company admin',
  buyer: 'Buyer',
  requester: 'Requester',
};

export const COMPANY_STATUSES = ['active', 'on_hold', 'closed'] as const;
export type CompanyStatus = (typeof COMPANY_STATUSES)[number];

export const LOCATION_KINDS = ['ship_to', 'bill_to'] as const;
export type LocationKind = (typeof LOCATION_KINDS)[number];

/** A PO waiting for the company admin, or sent back to its owner with a note. */
export const APPROVAL_STATUSES = ['pending', 'returned'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export function isCompanyRole(value: unknown): value is CompanyRole {
  return isOneOf(COMPANY_ROLES, value);
}

/** Price groups are compared as lower-case codes ("gold", "silver"); blank is no group. */
export function normalisePriceGroup(value: string | null | undefined): string | null {
  const code = (value ?? '').trim().toLowerCase();
  return code === '' ? null : code;
}

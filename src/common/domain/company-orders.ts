import type { CompanyRole } from './companies';
import { fromCents, toCents } from './money';

/*
 * Company POs and orders (docs/decisions/0233-company-orders-and-approvals.md): who may place, who
 * must submit for approval, and the sentences the server and the screens say about it.
 */

export const COMPANY_PO_MESSAGES = {
  locked: 'This PO is waiting for approval and cannot be changed. Ask your company admin to approve or return it.',
  ownerOnly: 'Only the PO’s owner can do that.',
  requesterMustSubmit: 'Requesters cannot place orders: submit this PO for approval.',
  overLimit: (limit: string) => `This order is over your spending limit of $${limit}: submit it for approval.`,
  notNeeded: 'This PO does not need approval: place the order.',
  notPending: 'This PO is not waiting for approval.',
  approverOnly: 'Only a company admin of this company can approve or return POs.',
  alreadyPending: 'This PO is already waiting for approval.',
  noteRequired: 'Say why the PO is returned.',
  notInCompany: 'Only buyers of a dealer company can do that.',
  locationNotFound: 'That ship-to location is not one of your company’s.',
  onHold: 'Your company’s account is on hold, so orders cannot be placed or submitted. Please contact us to release it.',
  closed: 'Your company’s account is closed, so orders cannot be placed or submitted.',
} as const;

/**
 * Why a company's POs cannot become orders now, or null (docs/decisions/0230): an account on hold
 * (a credit hold) or closed keeps its POs and history but places, submits and approves nothing.
 */
export function companyOrderingRefusal(status: string): string | null {
  if (status === 'on_hold') return COMPANY_PO_MESSAGES.onHold;
  if (status === 'closed') return COMPANY_PO_MESSAGES.closed;
  return null;
}

export interface Placer {
  companyRole: CompanyRole | null | undefined;
  /** Numeric string; null = no limit. */
  spendingLimit: string | null | undefined;
}

export type PlacementRule = { kind: 'place' } | { kind: 'approval'; reason: string };

/**
 * Whether a dealer may place this total directly: a requester never; a buyer or company admin with a
 * spending limit only up to it (a total equal to the limit places). CALL lines count 0, as in the total.
 * Anyone outside a company places as before.
 */
export function placementRule(placer: Placer, total: string): PlacementRule {
  if (placer.companyRole === 'requester') return { kind: 'approval', reason: COMPANY_PO_MESSAGES.requesterMustSubmit };
  if (!placer.companyRole || placer.spendingLimit === null || placer.spendingLimit === undefined) return { kind: 'place' };
  const limit = toCents(placer.spendingLimit);
  const cents = toCents(total) ?? 0;
  if (limit !== null && cents > limit) return { kind: 'approval', reason: COMPANY_PO_MESSAGES.overLimit(fromCents(limit)) };
  return { kind: 'place' };
}

/** "Placed by Dana Reyes" and, on an approved order, "approved by Sam Ortiz". */
export function placedByLine(order: { placedBy: string; approvedByName?: string | null }): string {
  return order.approvedByName ? `Placed by ${order.placedBy}, approved by ${order.approvedByName}` : `Placed by ${order.placedBy}`;
}

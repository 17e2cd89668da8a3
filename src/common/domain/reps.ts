import type { Role } from './permissions';

/*
 * Reps order for their dealers (docs/decisions/0235-acting-for-a-dealer-session-model.md): a
 * salesperson (or an admin) acts for a dealer company and works as its buyer; both names stay on
 * everything done so.
 */

/** The company a session acts for, as its live read found it. */
export interface ActingFor {
  companyId: number;
  companyName: string;
}

/** Only salespeople (for their assigned companies) and admins (for any) may act for a dealer. */
export function mayActForDealers(accountRole: Role): boolean {
  return accountRole === 'salesperson' || accountRole === 'admin';
}

/** A company that confirms reps' orders: such an order waits in "awaiting" until a buyer answers. */
export const DEALER_CONFIRMATIONS = ['awaiting', 'confirmed', 'declined'] as const;
export type DealerConfirmation = (typeof DEALER_CONFIRMATIONS)[number];

export const DEALER_CONFIRMATION_LABELS: Record<DealerConfirmation, string> = {
  awaiting: 'Awaiting dealer',
  confirmed: 'Confirmed by dealer',
  declined: 'Declined by dealer',
};

/** "Placed by Jane Rep (BOLD) for Garcia Tile": the line on the dealer's and the rep's history. */
export function placedForLine(repName: string, companyName: string | null): string {
  return companyName ? `Placed by ${repName} (BOLD) for ${companyName}` : `Placed by ${repName} (BOLD)`;
}

/** Who placed an order, in words: "Jane Rep (BOLD) for Garcia Tile" for a rep's, else the placer's name. */
export function placerText(order: { placedBy: string; placedByRep?: { name: string } | null; company?: { name: string } | null }): string {
  if (!order.placedByRep) return order.placedBy;
  return order.company ? `${order.placedByRep.name} (BOLD) for ${order.company.name}` : `${order.placedByRep.name} (BOLD)`;
}

export const REP_MESSAGES = {
  notAssigned: 'You are not assigned to this company',
  actingLost: 'You are no longer assigned to the company you were ordering for. Stop ordering for them to continue.',
  notARep: 'Only salespeople and admins can order for a dealer',
  notASalesperson: 'Only salespeople can be assigned to companies',
  companyNotFound: 'Company not found',
  userNotFound: 'User not found',
  notActing: 'You are not ordering for a dealer',
} as const;

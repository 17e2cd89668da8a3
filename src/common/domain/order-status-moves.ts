import type { OrderStatus } from './order-status';

/**
 * The order status state machine (ADR 0183): submitted -> confirmed -> ready_for_pickup | shipped
 * -> completed, and cancelled from submitted or confirmed. completed and cancelled are final.
 */
export const ORDER_STATUS_MOVES: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  submitted: ['confirmed', 'cancelled'],
  confirmed: ['ready_for_pickup', 'shipped', 'cancelled'],
  ready_for_pickup: ['completed'],
  shipped: ['completed'],
  completed: [],
  cancelled: [],
};

/** What a request to move `from` -> `to` means: a real move, the same status again (a no-op), or refused. */
export type StatusMove = { kind: 'move' } | { kind: 'same' } | { kind: 'illegal'; allowed: readonly OrderStatus[]; message: string };

export function orderStatusMoveMessage(from: OrderStatus): string {
  const allowed = ORDER_STATUS_MOVES[from];
  return allowed.length === 0
    ? `An order that is ${from} cannot change status.`
    : `An order that is ${from} can move only to: ${allowed.join(', ')}.`;
}

export function checkStatusMove(from: OrderStatus, to: OrderStatus): StatusMove {
  if (from === to) return { kind: 'same' };
  const allowed = ORDER_STATUS_MOVES[from];
  if (allowed.includes(to)) return { kind: 'move' };
  return { kind: 'illegal', allowed, message: orderStatusMoveMessage(from) };
}

/** The statuses an admin may pick for an order now: its own first (nothing changes), then the legal moves. */
export function statusChoices(from: OrderStatus): OrderStatus[] {
  return [from, ...ORDER_STATUS_MOVES[from]];
}

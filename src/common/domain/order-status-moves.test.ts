import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from './order-status';
import { checkStatusMove, ORDER_STATUS_MOVES, orderStatusMoveMessage, statusChoices } from './order-status-moves';

describe('order status state machine (ADR 0183)', () => {
  it('allows exactly the documented moves', () => {
    const legal = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.filter((to) => checkStatusMove(from, to).kind === 'move').map((to) => `${from}>${to}`));
    expect(legal.sort()).toEqual(
      [
        'submitted>confirmed',
        'submitted>cancelled',
        'confirmed>ready_for_pickup',
        'confirmed>shipped',
        'confirmed>cancelled',
        'ready_for_pickup>completed',
        'shipped>completed',
      ].sort(),
    );
  });

  it('treats the same status as a no-op, never as illegal', () => {
    for (const status of ORDER_STATUSES) expect(checkStatusMove(status, status)).toEqual({ kind: 'same' });
  });

  it('refuses the moves that once succeeded, naming the allowed ones', () => {
    expect(checkStatusMove('shipped', 'confirmed')).toEqual({
      kind: 'illegal',
      allowed: ['completed'],
      message: 'An order that is shipped can move only to: completed.',
    });
    expect(checkStatusMove('confirmed', 'submitted')).toMatchObject({
      kind: 'illegal',
      message: 'An order that is confirmed can move only to: ready_for_pickup, shipped, cancelled.',
    });
    expect(checkStatusMove('shipped', 'cancelled').kind).toBe('illegal');
    expect(checkStatusMove('ready_for_pickup', 'shipped').kind).toBe('illegal');
  });

  it('final statuses cannot change', () => {
    expect(ORDER_STATUS_MOVES.completed).toEqual([]);
    expect(orderStatusMoveMessage('cancelled')).toBe('An order that is cancelled cannot change status.');
    expect(checkStatusMove('completed', 'submitted')).toMatchObject({ kind: 'illegal', allowed: [] });
  });

  it('offers the admin the current status and its legal moves only', () => {
    expect(statusChoices('submitted')).toEqual(['submitted', 'confirmed', 'cancelled']);
    expect(statusChoices('shipped')).toEqual(['shipped', 'completed']);
    expect(statusChoices('completed')).toEqual(['completed']);
  });
});

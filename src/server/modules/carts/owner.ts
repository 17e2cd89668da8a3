import type { Actor } from '../../lib/actor';
import { ownerScope, type CartOwner } from './repository';
import type { Adder } from './add-product';

/**
 * Whose carts the actor works on (docs/decisions/0235): a rep acting for a dealer, its POs for that
 * company; an account outside any company (a rep, an admin), the carts it keeps for itself (company
 * null), never those it keeps for a dealer; a dealer, all of its own.
 */
export function cartOwner(actor: Pick<Actor, 'userId' | 'companyId' | 'actingFor'>): CartOwner {
  if (actor.actingFor) return { userId: actor.userId, companyId: actor.actingFor.companyId };
  if (actor.companyId == null) return { userId: actor.userId, companyId: null };
  return actor.userId;
}

/** Who adds to a cart: the owner in their scope, or a buyer of the company a PO is shared with. */
export function adderOf(actor: Pick<Actor, 'userId' | 'companyId' | 'actingFor'>): Adder {
  return { userId: actor.userId, companyId: actor.companyId ?? null, ...ownerScope(cartOwner(actor)) };
}

/**
 * How many carts (POs) a user may keep, and how the list of them is paged
 * ("No bound on purchase orders", docs/decisions/0179).
 */

/** The most carts one user may keep; creating another answers 409 with CART_LIMIT_MESSAGES.tooMany. */
export const MAX_CARTS_PER_USER = 50;

/** GET /api/carts without `limit`: one page holds every cart a user within the cap can have. */
export const CARTS_PAGE_SIZE = MAX_CARTS_PER_USER;

/** The largest `limit` GET /api/carts accepts. */
export const MAX_CARTS_PAGE_SIZE = 100;

export const CART_LIMIT_MESSAGES = {
  // Placing a PO empties it and keeps it (it can be filled again), so only deleting one frees a place.
  tooMany: `You have reached the limit of ${MAX_CARTS_PER_USER} purchase orders. Delete one you no longer need before creating another.`,
  badLimit: `limit must be a whole number from 1 to ${MAX_CARTS_PAGE_SIZE}`,
  badCursor: 'The cursor is not valid; start again from the first page',
} as const;

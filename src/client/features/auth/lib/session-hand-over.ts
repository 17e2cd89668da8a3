import type { CurrentUser } from '@common/contracts/auth';

/**
 * The sign-in screen runs without the portal's query cache (ADR 0151). What one side already
 * knows about the session is handed to the other here, once, so neither asks the server again:
 * the user the sign-in screen just signed in, or "no one" when the portal sends a signed-out
 * visitor (or someone who just logged out) to /auth.
 */
let handedOver: CurrentUser | null | undefined;

export function handOverSession(user: CurrentUser | null): void {
  handedOver = user;
}

/**
 * The last handed-over session, or undefined when nothing was handed over (ask the server).
 * Read, not consumed: React may run a state initializer twice (a render that suspends is
 * retried), and each hand-over replaces the previous one anyway.
 */
export function handedOverSession(): CurrentUser | null | undefined {
  return handedOver;
}

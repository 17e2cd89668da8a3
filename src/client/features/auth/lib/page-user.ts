import type { CurrentUser } from '@common/contracts/auth';
import { PAGE_USER_ELEMENT_ID } from '@common/domain/first-requests';

let read = false;
let carried: CurrentUser | undefined;

/**
 * The signed-in user the server put in the app page (ADR 0152), checked there by the same contract
 * as GET /api/user and trusted here like that answer (ADR 0154), or undefined when the page carries none (signed out, tests, an old page). Read
 * once: after a sign-in or a log out in this page the hand-over (session-hand-over.ts) knows better.
 */
export function pageUser(): CurrentUser | undefined {
  if (read) return carried;
  read = true;
  const element = typeof document === 'undefined' ? null : document.getElementById(PAGE_USER_ELEMENT_ID);
  if (!element?.textContent) return undefined;
  element.remove();
  try {
    carried = JSON.parse(element.textContent) as CurrentUser;
  } catch {
    carried = undefined;
  }
  return carried;
}

import type { CurrentUser } from '@common/contracts/auth';
import { PAGE_USER_ELEMENT_ID } from '@common/domain/first-requests';

let read = false;
let carried: CurrentUser | null | undefined;

/**
 * The signed-in user the server put in the app page (ADR 0152), checked there by the same contract
 * as GET /api/user and trusted here like that answer (ADR 0154); null when the page says no one is
 * signed in (the sign-in page); undefined when the page says nothing (a signed-out portal
 * page, tests, the dev server: ask). Read once: after a sign-in or a log out in this page the
 * hand-over (session-hand-over.ts) knows better.
 */
export function pageUser(): CurrentUser | null | undefined {
  if (read) return carried;
  read = true;
  const element = typeof document === 'undefined' ? null : document.getElementById(PAGE_USER_ELEMENT_ID);
  if (!element?.textContent) return undefined;
  element.remove();
  try {
    carried = JSON.parse(element.textContent) as CurrentUser | null;
  } catch {
    carried = undefined;
  }
  return carried;
}

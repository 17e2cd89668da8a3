import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@common/contracts/auth';
import { PAGE_USER_ELEMENT_ID } from '@common/domain/first-requests';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

const SALES: CurrentUser = {
  id: 7, username: 'maria', role: 'salesperson', firstName: 'Maria', lastName: 'Lopez', email: null, phone: null, company: null,
  storeName: null, storeAddress: null, storeCity: null, storeState: null, storeZip: null, storeContactName: null, storePhone: null, isTemporaryPassword: false, activeRole: 'salesperson', permissions: ['view_stock', 'manage_orders'],
} as CurrentUser;

/** A page whose head holds `text` in the user element (or no element), like the server writes it. */
function pageWith(text: string | null) {
  const element = text === null ? null : { textContent: text, remove: vi.fn() };
  vi.stubGlobal('document', { getElementById: (id: string) => (id === PAGE_USER_ELEMENT_ID ? element : null) });
  return element;
}

async function freshPageUser() {
  return (await import('./page-user')).pageUser;
}

describe('pageUser (ADR 0152: the app page says who is signed in)', () => {
  it("reads the server's user once, checked by the GET /api/user contract, and takes it out of the page", async () => {
    const element = pageWith(JSON.stringify(SALES));
    const pageUser = await freshPageUser();
    expect(pageUser()).toMatchObject({ username: 'maria', activeRole: 'salesperson' });
    expect(element?.remove).toHaveBeenCalledOnce();
    expect(pageUser()).toMatchObject({ username: 'maria' });
  });

  it('is undefined (ask the server) without the element, or when the element is not JSON', async () => {
    pageWith(null);
    expect((await freshPageUser())()).toBeUndefined();
    vi.resetModules();
    pageWith('not json');
    expect((await freshPageUser())()).toBeUndefined();
  });
});

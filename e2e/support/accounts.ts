/**
 * The accounts the journeys sign in with. Only the admin comes from the server's
 * configuration (ADMIN_USERNAME / ADMIN_PASSWORD); the others are created by
 * `createJourneyAccounts` through the admin API when the e2e server starts, so the
 * journeys never depend on (or change) the demo data's users.
 */
export interface JourneyAccount {
  username: string;
  password: string;
}

export const ADMIN_ACCOUNT: JourneyAccount = { username: 'admin', password: 'Admin123' };

interface AccountSpec extends JourneyAccount {
  role: 'salesperson' | 'bold_customer';
  firstName: string;
  lastName: string;
  company?: string;
  /** Keep the temporary-password flag a new account starts with (the profile-completion journey). */
  temporary?: boolean;
}

const SPECS = {
  salesperson: { username: 'journey-sales', password: 'Journey123', role: 'salesperson', firstName: 'Sam', lastName: 'Journey' },
  otherSalesperson: { username: 'journey-sales2', password: 'Journey123', role: 'salesperson', firstName: 'Sue', lastName: 'Journey' },
  dealer: {
    username: 'journey-dealer',
    password: 'Journey123',
    role: 'bold_customer',
    firstName: 'Dana',
    lastName: 'Journey',
    company: 'Coastal Floors & Design LLC',
  },
  // Journeys: accounts of their own, so editing a profile or filling a cart touches no other journey.
  profileSalesperson: { username: 'journey-profile', password: 'Journey123', role: 'salesperson', firstName: 'Pat', lastName: 'Journey' },
  // The checkout draft journey fills its own cart.
  checkoutDealer: { username: 'journey-checkout', password: 'Journey123', role: 'bold_customer', firstName: 'Chad', lastName: 'Journey' },
  catalogDealer: { username: 'journey-catalog', password: 'Journey123', role: 'bold_customer', firstName: 'Cat', lastName: 'Journey' },
  // Journeys (bulk adds, the active PO, the quick order pad).
  poSalesperson: { username: 'journey-po-sales', password: 'Journey123', role: 'salesperson', firstName: 'Quinn', lastName: 'Journey' },
  poDealer: { username: 'journey-po-dealer', password: 'Journey123', role: 'bold_customer', firstName: 'Olly', lastName: 'Journey', company: 'Olly Tile Co' },
  // docs/decisions/0207: the stock rule journey orders from its own PO.
  stockDealer: { username: 'journey-stock-dealer', password: 'Journey123', role: 'bold_customer', firstName: 'Stan', lastName: 'Journey' },
  // docs/decisions/0208: the confirmation page and reorder-into-a-new-PO journeys place and reorder from their own POs.
  confirmDealer: { username: 'journey-confirm-dealer', password: 'Journey123', role: 'bold_customer', firstName: 'Cora', lastName: 'Journey' },
  // docs/decisions/0210: the sample ship-to journey fills in its own store address.
  shipToSalesperson: { username: 'journey-ship-to', password: 'Journey123', role: 'salesperson', firstName: 'Rita', lastName: 'Journey' },
  // docs/decisions/0213: the words journey checks default PO names and counts on accounts of its own.
  wordsDealer: { username: 'journey-words-dealer', password: 'Journey123', role: 'bold_customer', firstName: 'Wren', lastName: 'Journey' },
  wordsSalesperson: { username: 'journey-words-sales', password: 'Journey123', role: 'salesperson', firstName: 'Will', lastName: 'Journey' },
  temporary: { username: 'journey-newhire', password: 'Tilework7', role: 'salesperson', firstName: 'Nia', lastName: 'Journey', temporary: true },
} satisfies Record<string, AccountSpec>;

export const ACCOUNTS: { admin: JourneyAccount } & Record<keyof typeof SPECS, JourneyAccount> = { admin: ADMIN_ACCOUNT, ...SPECS };

/** Creates the journey accounts as the admin would (POST /api/users, then the bypass for non-temporary ones). */
export async function createJourneyAccounts(baseURL: string): Promise<void> {
  let cookie = '';
  const call = async (method: string, path: string, body: unknown) => {
    const response = await fetch(`${baseURL}${path}`, {
      method,
      headers: { 'content-type': 'application/json', 'x-request-timestamp': String(Date.now()), ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    const setCookie = response.headers.getSetCookie()[0];
    if (setCookie) cookie = setCookie.split(';')[0]!;
    return (await response.json()) as { id?: number };
  };
  await call('POST', '/api/login', ADMIN_ACCOUNT);
  await call('POST', '/api/session/role', { role: 'admin' });
  for (const spec of Object.values(SPECS) as AccountSpec[]) {
    const { temporary, ...fields } = spec;
    const created = await call('POST', '/api/users', { ...fields, email: `${spec.username}@example.com` });
    if (!temporary) await call('POST', `/api/bypass-password-reset/${created.id}`, {});
  }
}

import { generateTemporaryPassword } from '../../lib/password-hash';

export type DemoRole = 'admin' | 'salesperson' | 'bold_customer';

export interface DemoAccount {
  username: string;
  /** Plain text on purpose: the server prints it at first start so a demo user can sign in. */
  password: string;
  role: DemoRole;
  firstName: string;
  lastName: string;
  email: string;
  company: string | null;
  storeName: string | null;
  storeAddress: string | null;
  /** The rest of the store's address (docs/decisions/0210), where the demo has one. */
  storeCity?: string;
  storeState?: string;
  storeZip?: string;
  storeContactName?: string;
  storePhone?: string;
  isTemporaryPassword: boolean;
}

/**
 * One account per journey worth demonstrating: two salespeople (sample orders,
 * announcements), a dealer (purchase orders, prices), and a new hire whose
 * temporary password forces the change-password screen (/profile-completion).
 * Passwords are random for every install and printed once at first start (ADR 0178):
 * published ones were accepted from the network by any demo install.
 */
export function demoAccounts(password: () => string = generateTemporaryPassword): DemoAccount[] {
  return [
    {
      username: 'sales',
      password: password(),
      role: 'salesperson',
      firstName: 'Maria',
      lastName: 'Lopez',
      email: 'maria.lopez@boldtile.example',
      company: 'BOLD Tile & Stone',
      // A rep's store: where a shipped sample order goes unless changed at checkout.
      storeName: 'BOLD Design Studio Irvine',
      storeAddress: '17 Technology Dr',
      storeCity: 'Irvine',
      storeState: 'CA',
      storeZip: '92618',
      storeContactName: 'Maria Lopez',
      storePhone: '949-555-0117',
      isTemporaryPassword: false,
    },
    {
      username: 'jsmith',
      password: password(),
      role: 'salesperson',
      firstName: 'John',
      lastName: 'Smith',
      email: 'john.smith@boldtile.example',
      company: 'BOLD Tile & Stone',
      storeName: null,
      storeAddress: null,
      isTemporaryPassword: false,
    },
    {
      username: 'dealer',
      password: password(),
      role: 'bold_customer',
      firstName: 'David',
      lastName: 'Chen',
      email: 'purchasing@coastalfloors.example',
      company: 'Coastal Floors & Design LLC',
      storeName: 'Coastal Floors Showroom',
      storeAddress: '1420 Harbor Blvd',
      storeCity: 'Costa Mesa',
      storeState: 'CA',
      storeZip: '92626',
      isTemporaryPassword: false,
    },
    {
      username: 'newhire',
      password: password(),
      role: 'salesperson',
      firstName: 'Priya',
      lastName: 'Patel',
      email: 'priya.patel@boldtile.example',
      company: 'BOLD Tile & Stone',
      storeName: null,
      storeAddress: null,
      isTemporaryPassword: true,
    },
  ];
}

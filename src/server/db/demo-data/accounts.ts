import type { CompanyRole } from '../../../common/domain/companies';
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
  /** A dealer's company (its account number in demo-data/companies.ts) and role there (docs/decisions/0230). */
  companyAccount?: string;
  companyRole?: CompanyRole;
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
      companyAccount: 'C-1001',
      companyRole: 'admin',
    },
    {
      // A second buyer at the dealer: orders on the company's account, within a spending limit.
      username: 'buyer2',
      password: password(),
      role: 'bold_customer',
      firstName: 'Alicia',
      lastName: 'Moreno',
      email: 'alicia.moreno@coastalfloors.example',
      company: 'Coastal Floors & Design LLC',
      storeName: 'Coastal Floors Showroom',
      storeAddress: null,
      isTemporaryPassword: false,
      companyAccount: 'C-1001',
      companyRole: 'buyer',
    },
    {
      // A requester: builds POs that the company admin approves.
      username: 'requester',
      password: password(),
      role: 'bold_customer',
      firstName: 'Tom',
      lastName: 'Nguyen',
      email: 'tom.nguyen@coastalfloors.example',
      company: 'Coastal Floors & Design LLC',
      storeName: 'Coastal Floors Showroom',
      storeAddress: null,
      isTemporaryPassword: false,
      companyAccount: 'C-1001',
      companyRole: 'requester',
    },
    {
      // Another company: sees none of Coastal Floors' orders, POs or prices.
      username: 'garcia',
      password: password(),
      role: 'bold_customer',
      firstName: 'Rosa',
      lastName: 'Garcia',
      email: 'rosa@garciatile.example',
      company: 'Garcia Tile',
      storeName: 'Garcia Tile',
      storeAddress: '88 Mission St',
      storeCity: 'San Diego',
      storeState: 'CA',
      storeZip: '92101',
      isTemporaryPassword: false,
      companyAccount: 'C-1002',
      companyRole: 'admin',
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

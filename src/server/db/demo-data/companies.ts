import type { CompanyStatus, LocationKind } from '../../../common/domain/companies';

/** A demo company and its locations (docs/decisions/0230); its buyers are in accounts.ts by account number. */
export interface DemoCompany {
  name: string;
  accountNumber: string;
  status: CompanyStatus;
  priceGroup: string;
  paymentTerms: string;
  notes: string | null;
  locations: {
    kind: LocationKind;
    name: string;
    contactName: string;
    phone: string;
    street: string;
    street2: string | null;
    city: string;
    state: string;
    zip: string;
    isDefault: boolean;
  }[];
}

export function demoCompanies(): DemoCompany[] {
  return [
    {
      name: 'Coastal Floors & Design LLC',
      accountNumber: 'C-1001',
      status: 'active',
      priceGroup: 'gold',
      paymentTerms: 'Net 30',
      notes: 'Two showrooms; deliveries to the warehouse before 10 am.',
      locations: [
        {
          kind: 'ship_to',
          name: 'Coastal Floors Showroom',
          contactName: 'David Chen',
          phone: '714-555-0142',
          street: '1420 Harbor Blvd',
          street2: null,
          city: 'Costa Mesa',
          state: 'CA',
          zip: '92626',
          isDefault: true,
        },
        {
          kind: 'ship_to',
          name: 'Coastal Floors Warehouse',
          contactName: 'Alicia Moreno',
          phone: '714-555-0188',
          street: '3301 W Segerstrom Ave',
          street2: 'Dock 4',
          city: 'Santa Ana',
          state: 'CA',
          zip: '92704',
          isDefault: false,
        },
        {
          kind: 'bill_to',
          name: 'Coastal Floors & Design LLC, Accounts Payable',
          contactName: 'Accounts Payable',
          phone: '714-555-0100',
          street: '1420 Harbor Blvd',
          street2: 'Suite 200',
          city: 'Costa Mesa',
          state: 'CA',
          zip: '92626',
          isDefault: true,
        },
      ],
    },
    {
      name: 'Garcia Tile',
      accountNumber: 'C-1002',
      status: 'active',
      priceGroup: 'silver',
      paymentTerms: 'Net 15',
      notes: null,
      locations: [
        {
          kind: 'ship_to',
          name: 'Garcia Tile',
          contactName: 'Rosa Garcia',
          phone: '619-555-0133',
          street: '88 Mission St',
          street2: null,
          city: 'San Diego',
          state: 'CA',
          zip: '92101',
          isDefault: true,
        },
      ],
    },
  ];
}

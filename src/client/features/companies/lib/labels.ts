import type { CompanyStatus, LocationKind } from '@common/domain/companies';

export const COMPANY_STATUS_LABELS: Record<CompanyStatus, string> = {
  active: 'Active',
  on_hold: 'On hold',
  closed: 'Closed',
};

export const LOCATION_KIND_LABELS: Record<LocationKind, string> = {
  ship_to: 'Ship-to',
  bill_to: 'Bill-to',
};

/** "1500.00" → "$1,500.00"; null → "No limit". */
export function spendingLimitText(limit: string | null): string {
  if (limit === null) return 'No limit';
  return Number(limit).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
}

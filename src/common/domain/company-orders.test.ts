import { describe, expect, it } from 'vitest';
import { COMPANY_PO_MESSAGES, placedByLine, placementRule } from './company-orders';

/** Who places and who submits for approval (docs/decisions/0233). */
describe('placementRule', () => {
  const cases: [string, Parameters<typeof placementRule>[0], string, 'place' | 'approval'][] = [
    ['outside a company', { companyRole: null, spendingLimit: null }, '99999.00', 'place'],
    ['a buyer without a limit', { companyRole: 'buyer', spendingLimit: null }, '99999.00', 'place'],
    ['a buyer under the limit', { companyRole: 'buyer', spendingLimit: '500.00' }, '499.99', 'place'],
    ['a buyer at the limit', { companyRole: 'buyer', spendingLimit: '500.00' }, '500.00', 'place'],
    ['a buyer a cent over the limit', { companyRole: 'buyer', spendingLimit: '500.00' }, '500.01', 'approval'],
    ['a buyer with a limit of 0', { companyRole: 'buyer', spendingLimit: '0.00' }, '0.01', 'approval'],
    ['a company admin over their limit', { companyRole: 'admin', spendingLimit: '10' }, '10.50', 'approval'],
    ['a requester, any total', { companyRole: 'requester', spendingLimit: null }, '0.00', 'approval'],
    ['a requester with a limit', { companyRole: 'requester', spendingLimit: '1000.00' }, '1.00', 'approval'],
  ];
  it.each(cases)('%s', (_name, placer, total, kind) => {
    expect(placementRule(placer, total).kind).toBe(kind);
  });

  it('says why', () => {
    expect(placementRule({ companyRole: 'requester', spendingLimit: null }, '1.00')).toEqual({ kind: 'approval', reason: COMPANY_PO_MESSAGES.requesterMustSubmit });
    expect(placementRule({ companyRole: 'buyer', spendingLimit: '85' }, '127.50')).toEqual({ kind: 'approval', reason: COMPANY_PO_MESSAGES.overLimit('85.00') });
  });

  it('names the approver beside the placer', () => {
    expect(placedByLine({ placedBy: 'Dana Reyes' })).toBe('Placed by Dana Reyes');
    expect(placedByLine({ placedBy: 'Dana Reyes', approvedByName: 'Sam Ortiz' })).toBe('Placed by Dana Reyes, approved by Sam Ortiz');
  });
});

import { COMPANY_MESSAGES } from '@common/contracts/companies';
import type { CompanyRole } from '@common/domain/companies';
import type { DbOrTx } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import { findCompany, findCompanyByName, insertCompany, lockCompanyAdmins } from './repository';

/** Where a new BOLD Customer account goes (docs/decisions/0230): its company and its role there. */
export interface DealerPlacement {
  companyId: number;
  companyRole: CompanyRole;
}

/**
 * The company of a new dealer, in the caller's transaction: the company `companyId` names (a 400
 * when there is none), else the company whose name matches the `company` text ignoring case and
 * repeated spaces, else a new company of one named after the text, the store, the person or the
 * username (as migration 0036 named them). Role: buyer, or company admin of a new company.
 * `matchByName: false` (self-registration) never joins an existing company by what a stranger typed.
 */
export async function placeNewDealer(
  tx: DbOrTx,
  dealer: { companyId?: number | null; company?: string | null; storeName?: string | null; firstName?: string | null; lastName?: string | null; username: string },
  options: { matchByName?: boolean; role?: CompanyRole } = {},
): Promise<DealerPlacement> {
  if (dealer.companyId != null) {
    const company = await findCompany(tx, dealer.companyId);
    if (!company) throw new HttpError(400, COMPANY_MESSAGES.notFound, [{ path: 'companyId', message: COMPANY_MESSAGES.notFound }]);
    return { companyId: company.id, companyRole: await roleIn(tx, company.id, options.role) };
  }
  const typed = dealer.company?.trim().replace(/\s+/g, ' ') ?? '';
  if (typed !== '' && options.matchByName !== false) {
    const existing = await findCompanyByName(tx, typed);
    if (existing) return { companyId: existing.id, companyRole: await roleIn(tx, existing.id, options.role) };
  }
  const person = [dealer.firstName, dealer.lastName].filter((p) => p && p.trim() !== '').join(' ').trim();
  const name = typed || dealer.storeName?.trim() || person || dealer.username;
  const created = await insertCompany(tx, { name });
  return { companyId: created.id, companyRole: 'admin' };
}

/** The role asked for, or buyer; the first person of a company without a company admin becomes its admin. */
async function roleIn(tx: DbOrTx, companyId: number, asked: CompanyRole | undefined): Promise<CompanyRole> {
  if ((await lockCompanyAdmins(tx, companyId)).length === 0) return 'admin';
  return asked ?? 'buyer';
}

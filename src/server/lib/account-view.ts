import type { AccountView } from '@common/contracts/auth';
import type { users } from '../db/schema';

/** The fields of a users row the API may show (User); the password hash never leaves. */
export function toAccountView(row: typeof users.$inferSelect): AccountView {
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    company: row.company,
    storeName: row.storeName,
    storeAddress: row.storeAddress,
    storeCity: row.storeCity,
    storeState: row.storeState,
    storeZip: row.storeZip,
    storeContactName: row.storeContactName,
    storePhone: row.storePhone,
    isTemporaryPassword: row.isTemporaryPassword,
    companyId: row.companyId,
    companyRole: row.companyRole,
    spendingLimit: row.spendingLimit,
  };
}

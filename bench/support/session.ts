import { TIMESTAMP_HEADER } from '../../src/common/contracts/common';
import type { Role } from '../../src/common/domain/permissions';
import type { Db } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';
import { hashPassword } from '../../src/server/lib/password-hash';

/** Creates a user and signs in; returns the session cookie. */
export async function signedInCookie(db: Db, url: string, role: Role, username = `bench-${role}`): Promise<{ cookie: string; username: string; password: string }> {
  const password = 'Bench123';
  await db.insert(users).values({ username, passwordHash: await hashPassword(password), role, isTemporaryPassword: false }).onConflictDoNothing();
  const login = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [TIMESTAMP_HEADER]: String(Date.now()) },
    body: JSON.stringify({ username, password }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const cookie = (login.headers.getSetCookie()[0] ?? '').split(';')[0]!;
  if (role === 'admin') {
    const chosen = await fetch(`${url}/api/session/role`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, [TIMESTAMP_HEADER]: String(Date.now()) },
      body: JSON.stringify({ role }),
    });
    if (!chosen.ok) throw new Error(`role failed: ${chosen.status}`);
  }
  return { cookie, username, password };
}

export function formatNumber(value: number, digits = 0): string {
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

import { desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { apiTokens } from '../../db/schema';
import { liveAdmins, userNames } from '../users';

const creator = userNames('creator');

export type ApiTokenRow = typeof apiTokens.$inferSelect & { createdByName: string | null };

export async function insertToken(
  db: DbOrTx,
  values: { name: string; tokenHash: string; prefix: string; scopes: string[]; createdBy: number; expiresAt: Date | null },
): Promise<ApiTokenRow> {
  const [row] = await db.insert(apiTokens).values(values).returning();
  if (!row) throw new Error('token not stored');
  const [made] = await db.select({ username: creator.username }).from(creator).where(eq(creator.id, values.createdBy));
  return { ...row, createdByName: made?.username ?? null };
}

export async function listTokens(db: DbOrTx): Promise<ApiTokenRow[]> {
  const rows = await db
    .select({ token: apiTokens, createdByName: creator.username })
    .from(apiTokens)
    .leftJoin(creator, eq(creator.id, apiTokens.createdBy))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  return rows.map((r) => ({ ...r.token, createdByName: r.createdByName }));
}

/** Revokes a live token; undefined when there is no such token. Revoking twice keeps the first time. */
export async function revokeToken(db: DbOrTx, id: number): Promise<ApiTokenRow | undefined> {
  const [row] = await db
    .update(apiTokens)
    .set({ revokedAt: sql`coalesce(${apiTokens.revokedAt}, now())` })
    .where(eq(apiTokens.id, id))
    .returning();
  return row ? { ...row, createdByName: null } : undefined;
}

export interface AuthenticatedToken {
  id: number;
  name: string;
  scopes: string[];
  userId: number;
  username: string;
  /** Requests counted in the current one-minute window, this one included. */
  requestsInWindow: number;
  windowStartedAt: Date;
}

/**
 * One statement per token request: finds a live token whose admin is still an
 * admin, marks it used and counts the request in its rate window. Nothing
 * matches a revoked or expired token, or one whose admin was deleted or demoted.
 */
export async function useToken(db: DbOrTx, tokenHash: string, windowSeconds: number): Promise<AuthenticatedToken | undefined> {
  const expired = sql`api_tokens.rate_window_started_at <= now() - make_interval(secs => ${windowSeconds})`;
  const result = await db.execute<{
    id: number;
    name: string;
    scopes: string[];
    user_id: number;
    username: string;
    rate_count: number;
    rate_window_started_at: string;
  }>(sql`
    update api_tokens set
      last_used_at = now(),
      rate_window_started_at = case when ${expired} then now() else api_tokens.rate_window_started_at end,
      rate_count = case when ${expired} then 1 else api_tokens.rate_count + 1 end
    from ${liveAdmins('u')}
    where api_tokens.token_hash = ${tokenHash}
      and api_tokens.revoked_at is null
      and (api_tokens.expires_at is null or api_tokens.expires_at > now())
      and u.id = api_tokens.created_by
    returning api_tokens.id, api_tokens.name, api_tokens.scopes, u.id as user_id, u.username,
      api_tokens.rate_count, api_tokens.rate_window_started_at`);
  const row = result.rows[0];
  if (!row) return undefined;
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes,
    userId: row.user_id,
    username: row.username,
    requestsInWindow: row.rate_count,
    windowStartedAt: new Date(row.rate_window_started_at),
  };
}

import {
  API_SCOPES,
  INTEGRATION_MESSAGES,
  type ApiScope,
  type ApiTokenList,
  type ApiTokenView,
  type createApiTokenBody,
  type CreatedApiToken,
} from '@common/contracts/integrations';
import { createHash, randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import type { Actor } from '../../lib/actor';
import type { RequestUser, TokenRate } from '../../plugins/access';
import type { ActivityService } from '../activity';
import * as repo from './repository';

/** Tokens start with this, so a leaked one is recognisable (secret scanners, logs). */
const TOKEN_PREFIX = 'bold_';
const PREFIX_SHOWN = TOKEN_PREFIX.length + 6;
const RATE_WINDOW_SECONDS = 60;

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

function toView(row: repo.ApiTokenRow): ApiTokenView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes.filter((s): s is ApiScope => (API_SCOPES as readonly string[]).includes(s)),
    createdBy: row.createdByName,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/** Who a bearer request is: the token, acting for the admin who made it, within its scopes. */
export interface TokenIdentity {
  token: { id: number; name: string; scopes: readonly string[] };
  user: RequestUser;
}

export type ApiTokensService = ReturnType<typeof createApiTokensService>;

/** API tokens for machines (docs/decisions/0160): random, shown once, stored as SHA-256. */
export function createApiTokensService(deps: { db: Db; activity: ActivityService; requestsPerMinute: number }) {
  const { db, activity } = deps;

  return {
    async list(): Promise<ApiTokenList> {
      return { tokens: (await repo.listTokens(db)).map(toView) };
    },

    async create(actor: Actor, body: z.output<typeof createApiTokenBody>): Promise<CreatedApiToken> {
      // 32 random bytes: guessing is hopeless, so a fast hash (not a password hash) is enough to store it.
      const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
      return db.transaction(async (tx) => {
        const row = await repo.insertToken(tx, {
          name: body.name,
          tokenHash: hashToken(token),
          prefix: token.slice(0, PREFIX_SHOWN),
          scopes: body.scopes,
          createdBy: actor.userId,
          expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
        });
        await activity.record(
          actor,
          {
            type: 'integration_updated',
            description: `${actor.username} created API token "${row.name}" (${body.scopes.join(', ')})`,
            metadata: { apiTokenId: row.id, scopes: body.scopes, expiresAt: body.expiresAt ?? null },
          },
          tx,
        );
        return { ...toView(row), token };
      });
    },

    async revoke(actor: Actor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await repo.revokeToken(tx, id);
        if (!row) throw new HttpError(404, INTEGRATION_MESSAGES.tokenNotFound);
        await activity.record(
          actor,
          { type: 'integration_updated', description: `${actor.username} revoked API token "${row.name}"`, metadata: { apiTokenId: row.id } },
          tx,
        );
      });
    },

    /** The identity of a bearer request and its rate window; 401 for an unknown, expired or revoked token, 429 past the rate limit. */
    async authenticate(rawToken: string): Promise<{ identity: TokenIdentity; rate: TokenRate; retryAfterSeconds: number | null }> {
      const found = rawToken.startsWith(TOKEN_PREFIX) ? await repo.useToken(db, hashToken(rawToken), RATE_WINDOW_SECONDS) : undefined;
      if (!found) throw new HttpError(401, INTEGRATION_MESSAGES.badToken);
      const identity: TokenIdentity = {
        token: { id: found.id, name: found.name, scopes: found.scopes },
        user: {
          id: found.userId,
          // Activity descriptions read "API token "ERP" set order #... to Shipped".
          username: `API token "${found.name}"`,
          role: 'admin',
          activeRole: 'admin',
          email: null,
          isTemporaryPassword: false,
          companyId: null,
          companyRole: null,
          actingFor: null,
          actingLost: false,
        },
      };
      const windowEnds = found.windowStartedAt.getTime() + RATE_WINDOW_SECONDS * 1000;
      const secondsLeft = Math.max(1, Math.ceil((windowEnds - Date.now()) / 1000));
      // What the RateLimit-* headers say on every token answer (ADR 0182): no surprise 429.
      const rate = { limit: deps.requestsPerMinute, remaining: Math.max(0, deps.requestsPerMinute - found.requestsInWindow), resetSeconds: secondsLeft };
      if (found.requestsInWindow <= deps.requestsPerMinute) return { identity, rate, retryAfterSeconds: null };
      return { identity, rate, retryAfterSeconds: secondsLeft };
    },
  };
}

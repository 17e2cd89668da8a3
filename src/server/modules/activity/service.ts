import type { ActivityType } from '@common/domain/activity-types';
import type { FastifyRequest } from 'fastify';
import type { Db, DbOrTx } from '../../db/client';
import { insertActivity } from './repository';

export interface ActivityEntry {
  type: ActivityType;
  description: string;
  userId?: number | null;
  targetUserId?: number | null;
  metadata?: Record<string, unknown>;
  duration?: number | null;
}

/** Request facts every activity row carries (spec §3 Activity log). */
function requestContext(request: FastifyRequest) {
  const header = (name: string) => {
    const value = request.headers[name];
    return (Array.isArray(value) ? value[0] : value)?.slice(0, 1000) ?? null;
  };
  return {
    ipAddress: request.ip,
    userAgent: header('user-agent'),
    sessionId: request.session?.sessionId ?? null,
    url: request.url.slice(0, 2000),
    referrer: header('referer'),
  };
}

export type ActivityService = ReturnType<typeof createActivityService>;

export function createActivityService(db: Db) {
  return {
    /** Records an activity; pass `tx` to make it part of the caller's transaction. */
    async record(request: FastifyRequest, entry: ActivityEntry, tx: DbOrTx = db): Promise<void> {
      await insertActivity(tx, {
        ...requestContext(request),
        type: entry.type,
        description: entry.description,
        userId: entry.userId ?? request.user?.id ?? null,
        targetUserId: entry.targetUserId ?? null,
        metadata: entry.metadata ?? null,
        duration: entry.duration ?? null,
      });
    },
  };
}

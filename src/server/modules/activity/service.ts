import type { ActivityLogFilters, ActivityLogPage, ActivityLogQuery, ActivityLogView, ClientActivityBody } from '@common/contracts/activity';
import { ACTIVITY_PAGE_SIZE, ACTIVITY_REPEAT_WINDOW_MS, type ActivityType } from '@common/domain/activity-types';
import { createHash } from 'node:crypto';
import type { Db, DbOrTx } from '../../db/client';
import type { Actor, Origin } from '../../lib/actor';
import {
  activityBatch,
  activityWhere,
  countActivityUpTo,
  insertActivities,
  recordActivity,
  insertActivityUnlessRecent,
  listActivity,
  userIdsMatching,
  type ActivityLogRow,
  type NewActivity,
} from './repository';

export interface ActivityEntry {
  type: ActivityType;
  description: string;
  userId?: number | null;
  targetUserId?: number | null;
  metadata?: Record<string, unknown>;
  duration?: number | null;
  /** The page the activity is about, when it is not the API call itself (page views). */
  url?: string | null;
  referrer?: string | null;
}

/**
 * "Showing X of Y": Y is counted up to this many rows and shown as "10,000+" beyond,
 * so a broad filter never counts a million rows (docs/decisions/0022).
 */
export const ACTIVITY_COUNT_CAP = 10_000;
/** Most rows one CSV export holds; narrow the dates to export more (docs/decisions/0022). */
export const ACTIVITY_EXPORT_CAP = 100_000;
const EXPORT_BATCH = 2_000;
/** A search term naming more users than this is not about one user; it still searches descriptions. */
const MAX_SEARCH_USERS = 200;

/** Groups a session's rows for an admin without handing out the session id itself. */
function sessionRef(sessionId: string | null): string | null {
  return sessionId ? createHash('sha256').update(sessionId).digest('hex').slice(0, 10) : null;
}

function toView(row: ActivityLogRow): ActivityLogView {
  const { sessionId, createdAt, metadata, ...rest } = row;
  return {
    ...rest,
    metadata: metadata && typeof metadata === 'object' && !Array.isArray(metadata) ? (metadata as Record<string, unknown>) : null,
    sessionRef: sessionRef(sessionId),
    createdAt: createdAt.toISOString(),
  };
}

function withIdentities(by: Origin | Actor, metadata: Record<string, unknown> | undefined): Record<string, unknown> | null {
  const actingFor = 'actingFor' in by ? by.actingFor : null;
  if (!by.apiToken && !actingFor) return metadata ?? null;
  return { ...metadata, ...(by.apiToken ? { apiToken: by.apiToken } : {}), ...(actingFor ? { actingFor } : {}) };
}

/** `by` is the actor, or only the origin when nobody is signed in (a failed login, a registration). */
function rowOf(by: Origin | Actor, entry: ActivityEntry): NewActivity {
  return {
    ipAddress: by.ip,
    userAgent: by.userAgent,
    sessionId: by.sessionId,
    url: entry.url === undefined ? by.url : entry.url,
    referrer: entry.referrer === undefined ? by.referrer : entry.referrer,
    type: entry.type,
    description: entry.description,
    userId: entry.userId ?? ('userId' in by ? by.userId : null),
    targetUserId: entry.targetUserId ?? null,
    // A machine's rows name its token, beside the admin it acts for (docs/decisions/0160); a rep's
    // rows while ordering for a dealer name the company too (both identities, docs/decisions/0235).
    metadata: withIdentities(by, entry.metadata),
    duration: entry.duration ?? null,
  };
}

/**
 * The JSON document the database function `record_activity(entry jsonb) returns bigint` takes
 * (migration 0009, ADR 0174): the activity row `record(by, entry)` writes, as JSON text. The
 * function and this document are the activity module's public database interface: another
 * module that must write its activity row inside its own statement calls
 * `record_activity($n::jsonb)` with this text, and never names activity_logs.
 */
export function activityDocument(by: Origin | Actor, entry: ActivityEntry): string {
  return JSON.stringify(rowOf(by, entry));
}

export type ActivityService = ReturnType<typeof createActivityService>;

export function createActivityService(db: Db) {
  async function whereFor(filters: ActivityLogFilters) {
    const userIds = filters.search ? await userIdsMatching(db, filters.search, MAX_SEARCH_USERS) : [];
    return activityWhere(filters, userIds);
  }

  /** Through record_activity, the same function other modules' statements call: one way a row is written. */
  async function record(by: Origin | Actor, entry: ActivityEntry, tx: DbOrTx = db): Promise<void> {
    await recordActivity(tx, activityDocument(by, entry));
  }

  /**
   * Records an activity unless this session already has one of its type whose metadata
   * contains `sameAs` within `withinMs`: repeats (a search typed again, a report refreshed)
   * stay one row (docs/decisions/0135). Returns whether a row was written.
   */
  async function recordOnce(by: Actor, entry: ActivityEntry, repeat: { sameAs: Record<string, unknown>; withinMs: number }): Promise<boolean> {
    return insertActivityUnlessRecent(db, rowOf(by, { ...entry, metadata: { ...entry.metadata, ...repeat.sameAs } }), repeat.sameAs, repeat.withinMs);
  }

  /** The browser's report, as the row the server writes: the server words the description. */
  function clientEntry(actor: Actor, body: ClientActivityBody): { entry: ActivityEntry; sameAs?: Record<string, unknown> } {
    const base = { type: body.type, userId: actor.userId, url: body.path } as const;
    if (body.type === 'stock_searched') {
      const query = String(body.metadata?.query).trim().replace(/\s+/g, ' ');
      return { entry: { ...base, description: `${actor.username} searched ${body.path} for "${query}"`, referrer: null }, sameAs: { query: query.toLowerCase() } };
    }
    if (body.type === 'filter_applied') {
      const filters = Object.fromEntries(Object.entries(body.metadata ?? {}).sort(([a], [b]) => a.localeCompare(b)));
      const named = Object.entries(filters).map(([key, value]) => `${key}: ${String(value)}`).join(', ');
      // `applied` is compared whole: jsonb containment would take a subset of filters for a repeat.
      return {
        entry: { ...base, description: `${actor.username} filtered ${body.path} by ${named}`, referrer: null, metadata: { filters } },
        sameAs: { page: body.path.split('?')[0], applied: named },
      };
    }
    return {
      entry: {
        ...base,
        description: `${actor.username} viewed ${body.path}`,
        metadata: { ...body.metadata, ...(body.previousPath ? { previousPath: body.previousPath } : {}) },
        // How long the previous page was open (docs/product-decisions.md).
        duration: body.duration ?? null,
        referrer: body.previousPath ?? null,
      },
    };
  }

  return {
    /** Records an activity; pass `tx` to make it part of the caller's transaction. */
    record,

    /** The JSON text for `record_activity(entry jsonb)` in another module's statement (see activityDocument). */
    document: activityDocument,

    /** Activity no request caused (a session that timed out); there is no IP or browser to record. */
    async recordSystem(entries: ActivityEntry[], tx: DbOrTx = db): Promise<void> {
      await insertActivities(
        tx,
        entries.map((e) => ({
          type: e.type,
          description: e.description,
          userId: e.userId ?? null,
          targetUserId: e.targetUserId ?? null,
          metadata: e.metadata ?? null,
          duration: e.duration ?? null,
          url: e.url ?? null,
          referrer: e.referrer ?? null,
        })),
      );
    },

    recordOnce,

    /** POST /api/activity: a page view, a settled stock search or applied stock filters the browser saw. */
    async recordClient(actor: Actor, body: ClientActivityBody): Promise<void> {
      const { entry, sameAs } = clientEntry(actor, body);
      if (sameAs) await recordOnce(actor, entry, { sameAs, withinMs: ACTIVITY_REPEAT_WINDOW_MS });
      else await record(actor, entry);
    },

    /** One page of the admin screen, newest first, 20 a page, filtered in SQL. */
    async list(query: ActivityLogQuery): Promise<ActivityLogPage> {
      const where = await whereFor(query);
      const offset = (query.page - 1) * ACTIVITY_PAGE_SIZE;
      const rows = await listActivity(db, where, { limit: ACTIVITY_PAGE_SIZE + 1, offset });
      const hasMore = rows.length > ACTIVITY_PAGE_SIZE;
      const logs = rows.slice(0, ACTIVITY_PAGE_SIZE).map(toView);
      // The last page tells the exact total for free; otherwise count, up to the cap.
      let total: number;
      let totalIsCapped = false;
      if (logs.length > 0 && !hasMore) {
        total = offset + logs.length;
      } else {
        const counted = await countActivityUpTo(db, where, ACTIVITY_COUNT_CAP);
        totalIsCapped = counted > ACTIVITY_COUNT_CAP;
        total = Math.min(counted, ACTIVITY_COUNT_CAP);
      }
      return { logs, page: query.page, pageSize: ACTIVITY_PAGE_SIZE, total, totalIsCapped, hasMore };
    },

    /**
     * The rows of a CSV export, newest first, read in keyset batches so memory stays flat.
     * `onDone` learns how many rows left, also when the download was cut short.
     */
    async *exportRows(filters: ActivityLogFilters, onDone: (rows: number, complete: boolean) => Promise<void>) {
      const where = await whereFor(filters);
      let sent = 0;
      let complete = false;
      try {
        let afterId: number | null = null;
        for (;;) {
          const batch = await activityBatch(db, where, afterId, Math.min(EXPORT_BATCH, ACTIVITY_EXPORT_CAP - sent));
          for (const row of batch) yield toView(row);
          sent += batch.length;
          const last = batch.at(-1);
          if (!last || batch.length < EXPORT_BATCH || sent >= ACTIVITY_EXPORT_CAP) break;
          afterId = last.id;
        }
        complete = true;
      } finally {
        await onDone(sent, complete);
      }
    },
  };
}

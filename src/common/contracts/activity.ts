import { z } from './zod';
import { blankAsMissing, idSchema, safeText } from './common';
import { instantRangeFields, QUERY_MESSAGES, rangeInOrder } from './query-params';
import { ACTIVITY_TYPES, CLIENT_ACTIVITY_LIMITS, CLIENT_ACTIVITY_TYPES } from '../domain/activity-types';
import { MIN_TERM_LENGTH } from '../domain/smart-search';

export const MIN_ACTIVITY_SEARCH_LENGTH = 3;
export const ACTIVITY_MESSAGES = {
  searchTooShort: `Search needs at least ${MIN_ACTIVITY_SEARCH_LENGTH} characters`,
  badRange: QUERY_MESSAGES.badRange,
  badType: 'Unknown activity type',
  searchQueryRequired: `A stock search names its query (at least ${MIN_TERM_LENGTH} characters)`,
  filtersRequired: 'An applied filter names at least one filter',
} as const;

/** An empty query parameter (`?type=`) means "not given" (blankAsMissing). */
const filterFields = () => ({
  search: blankAsMissing(
    z.optional(z.string().check(z.trim(), z.minLength(MIN_ACTIVITY_SEARCH_LENGTH, ACTIVITY_MESSAGES.searchTooShort), z.maxLength(200))),
  ),
  type: blankAsMissing(z.optional(z.enum(ACTIVITY_TYPES, { error: ACTIVITY_MESSAGES.badType }))),
  userId: blankAsMissing(z.optional(idSchema('Invalid user id'))),
  // Instants from the admin's local days (ADR 0205: the days a query may name).
  ...instantRangeFields(),
});

/**
 * The filters of the CSV export (GET /api/admin/activity-logs/export): search
 * (description or username), type, user and a time range; newest first.
 */
export const activityLogFilters = z.object(filterFields()).check(rangeInOrder());
export type ActivityLogFilters = z.output<typeof activityLogFilters>;

/** GET /api/admin/activity-logs: the same filters and a page number (20 a page). */
export const activityLogQuery = z
  .object({
    ...filterFields(),
    page: blankAsMissing(z._default(z.coerce.number().check(z.int(), z.minimum(1, 'Invalid page'), z.maximum(1_000_000, 'Invalid page')), 1)),
  })
  .check(rangeInOrder());
export type ActivityLogQuery = z.output<typeof activityLogQuery>;

/** One row of the activity log as the admin sees it, with the usernames resolved. */
export const activityLogView = z.object({
  id: z.int(),
  type: z.string(),
  description: z.string(),
  userId: z.nullable(z.int()),
  username: z.nullable(z.string()),
  targetUserId: z.nullable(z.int()),
  targetUsername: z.nullable(z.string()),
  metadata: z.nullable(z.record(z.string(), z.unknown())),
  ipAddress: z.nullable(z.string()),
  userAgent: z.nullable(z.string()),
  /** A short fingerprint of the session id: groups a session's rows without revealing the id. */
  sessionRef: z.nullable(z.string()),
  url: z.nullable(z.string()),
  referrer: z.nullable(z.string()),
  duration: z.nullable(z.int()),
  createdAt: z.string(),
});
export type ActivityLogView = z.infer<typeof activityLogView>;

export const activityLogPage = z.object({
  logs: z.array(activityLogView),
  page: z.int(),
  pageSize: z.int(),
  /** Matching rows, counted up to `countCap`; when capped, at least this many match. */
  total: z.int(),
  totalIsCapped: z.boolean(),
  hasMore: z.boolean(),
});
export type ActivityLogPage = z.infer<typeof activityLogPage>;

const MAX_DURATION_MS = 2_147_483_647;

export { CLIENT_ACTIVITY_LIMITS } from '../domain/activity-types';

const sitePath = safeText().check(
  z.maxLength(CLIENT_ACTIVITY_LIMITS.path, `Path must be at most ${CLIENT_ACTIVITY_LIMITS.path} characters`),
  z.regex(/^\/(?!\/)\S*$/, 'Path must start with /'),
);

/**
 * POST /api/activity: what the browser reports (docs/product-decisions.md: a page_view 300 ms
 * after each route change, carrying how long the previous page was open; a settled stock
 * search with `metadata.query`; applied stock filters as metadata, docs/decisions/0135). Only
 * structured fields: the server writes the description; unknown keys (such as a
 * client-chosen `description`) are refused.
 */
export const clientActivityBody = z
  .strictObject({
    type: z.enum(CLIENT_ACTIVITY_TYPES, { error: 'This activity type cannot be reported by the browser' }),
    /** The page the activity happened on (a path of this site). */
    path: sitePath,
    previousPath: z.nullish(sitePath),
    /** Milliseconds; for a page_view, how long the previous page was open. */
    duration: z.nullish(z.int().check(z.minimum(0), z.maximum(MAX_DURATION_MS))),
    metadata: z.optional(
      z
        .record(
          z.string().check(z.regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/, 'Metadata keys are short names (letters, digits, _)')),
          z.union([z.string().check(z.maxLength(CLIENT_ACTIVITY_LIMITS.metadataValue)), z.number(), z.boolean(), z.null()]),
        )
        .check(
          z.refine(
            (m) => Object.keys(m).length <= CLIENT_ACTIVITY_LIMITS.metadataEntries,
            `At most ${CLIENT_ACTIVITY_LIMITS.metadataEntries} metadata entries`,
          ),
        ),
    ),
  })
  // A search or filter row is about what was searched or filtered; without it there is nothing to record.
  .check(
    z.superRefine((body, ctx) => {
      if (body.type === 'stock_searched') {
        const query = body.metadata?.query;
        if (typeof query !== 'string' || query.trim().length < MIN_TERM_LENGTH) {
          ctx.addIssue({ code: 'custom', path: ['metadata', 'query'], message: ACTIVITY_MESSAGES.searchQueryRequired });
        }
      }
      if (body.type === 'filter_applied' && Object.keys(body.metadata ?? {}).length === 0) {
        ctx.addIssue({ code: 'custom', path: ['metadata'], message: ACTIVITY_MESSAGES.filtersRequired });
      }
    }),
  );
export type ClientActivityBody = z.infer<typeof clientActivityBody>;

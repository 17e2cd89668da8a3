import { z } from 'zod';
import { idSchema, safeText } from './common';
import { ACTIVITY_TYPES, CLIENT_ACTIVITY_LIMITS, CLIENT_ACTIVITY_TYPES } from '../domain/activity-types';
import { MIN_TERM_LENGTH } from '../domain/smart-search';
import { lazySchema } from './lazy-schema';

export const MIN_ACTIVITY_SEARCH_LENGTH = 3;
export const ACTIVITY_MESSAGES = {
  searchTooShort: `Search needs at least ${MIN_ACTIVITY_SEARCH_LENGTH} characters`,
  badRange: 'The start date must be before the end date',
  badType: 'Unknown activity type',
  searchQueryRequired: `A stock search names its query (at least ${MIN_TERM_LENGTH} characters)`,
  filtersRequired: 'An applied filter names at least one filter',
} as const;

/** An empty query parameter (`?type=`) means "not given". */
const blankAsMissing = (v: unknown) => (v === '' ? undefined : v);

const filterFields = () => ({
  search: z.preprocess(
    blankAsMissing,
    z.string().trim().min(MIN_ACTIVITY_SEARCH_LENGTH, ACTIVITY_MESSAGES.searchTooShort).max(200).optional(),
  ),
  type: z.preprocess(blankAsMissing, z.enum(ACTIVITY_TYPES, { error: ACTIVITY_MESSAGES.badType }).optional()),
  userId: z.preprocess(blankAsMissing, idSchema('Invalid user id').optional()),
  from: z.preprocess(blankAsMissing, z.iso.datetime({ offset: true, error: 'Invalid start date' }).optional()),
  to: z.preprocess(blankAsMissing, z.iso.datetime({ offset: true, error: 'Invalid end date' }).optional()),
});

const rangeInOrder = (f: { from?: string; to?: string }) => !f.from || !f.to || new Date(f.from) <= new Date(f.to);

/**
 * The filters of the CSV export (GET /api/admin/activity-logs/export): search
 * (description or username), type, user and a time range; newest first.
 */
export const activityLogFilters = lazySchema(() =>
  z
    .object(filterFields())
    .refine(rangeInOrder, { message: ACTIVITY_MESSAGES.badRange, path: ['to'] }),
);
export type ActivityLogFilters = z.output<typeof activityLogFilters>;

/** GET /api/admin/activity-logs: the same filters and a page number (20 a page, spec §9). */
export const activityLogQuery = lazySchema(() =>
  z
    .object({
      ...filterFields(),
      page: z.preprocess(blankAsMissing, z.coerce.number().int().min(1, 'Invalid page').max(1_000_000, 'Invalid page').default(1)),
    })
    .refine(rangeInOrder, { message: ACTIVITY_MESSAGES.badRange, path: ['to'] }),
);
export type ActivityLogQuery = z.output<typeof activityLogQuery>;

/** One row of spec §3 "Activity log" as the admin sees it, with the usernames resolved. */
export const activityLogView = lazySchema(() =>
  z.object({
    id: z.number().int(),
    type: z.string(),
    description: z.string(),
    userId: z.number().int().nullable(),
    username: z.string().nullable(),
    targetUserId: z.number().int().nullable(),
    targetUsername: z.string().nullable(),
    metadata: z.record(z.string(), z.unknown()).nullable(),
    ipAddress: z.string().nullable(),
    userAgent: z.string().nullable(),
    /** A short fingerprint of the session id: groups a session's rows without revealing the id. */
    sessionRef: z.string().nullable(),
    url: z.string().nullable(),
    referrer: z.string().nullable(),
    duration: z.number().int().nullable(),
    createdAt: z.string(),
  }),
);
export type ActivityLogView = z.infer<typeof activityLogView>;

export const activityLogPage = lazySchema(() =>
  z.object({
    logs: z.array(activityLogView),
    page: z.number().int(),
    pageSize: z.number().int(),
    /** Matching rows, counted up to `countCap`; when capped, at least this many match. */
    total: z.number().int(),
    totalIsCapped: z.boolean(),
    hasMore: z.boolean(),
  }),
);
export type ActivityLogPage = z.infer<typeof activityLogPage>;

const MAX_DURATION_MS = 2_147_483_647;

export { CLIENT_ACTIVITY_LIMITS } from '../domain/activity-types';

const sitePath = lazySchema(() =>
  safeText()
    .max(CLIENT_ACTIVITY_LIMITS.path, `Path must be at most ${CLIENT_ACTIVITY_LIMITS.path} characters`)
    .regex(/^\/(?!\/)\S*$/, 'Path must start with /'),
);

/**
 * POST /api/activity: what the browser reports (docs/product-decisions.md: a page_view 300 ms
 * after each route change, carrying how long the previous page was open; a settled stock
 * search with `metadata.query`; applied stock filters as metadata, docs/decisions/0135). Only
 * structured fields: the server writes the description; unknown keys (such as a
 * client-chosen `description`) are refused.
 */
export const clientActivityBody = lazySchema(() =>
  z
    .strictObject({
      type: z.enum(CLIENT_ACTIVITY_TYPES, { error: 'This activity type cannot be reported by the browser' }),
      /** The page the activity happened on (a path of this site). */
      path: sitePath,
      previousPath: sitePath.nullable().optional(),
      /** Milliseconds; for a page_view, how long the previous page was open. */
      duration: z.number().int().min(0).max(MAX_DURATION_MS).nullable().optional(),
      metadata: z
        .record(
          z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/, 'Metadata keys are short names (letters, digits, _)'),
          z.union([z.string().max(CLIENT_ACTIVITY_LIMITS.metadataValue), z.number(), z.boolean(), z.null()]),
        )
        .refine((m) => Object.keys(m).length <= CLIENT_ACTIVITY_LIMITS.metadataEntries, `At most ${CLIENT_ACTIVITY_LIMITS.metadataEntries} metadata entries`)
        .optional(),
    })
    // A search or filter row is about what was searched or filtered; without it there is nothing to record.
    .superRefine((body, ctx) => {
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

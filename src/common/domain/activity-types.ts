/** Activity types. */
export const ACTIVITY_TYPES = [
  'login',
  'logout',
  'password_changed',
  'order_created',
  'order_updated',
  'product_added',
  'product_removed',
  'user_created',
  'user_updated',
  'stock_updated',
  'merchandise_updated',
  'session_start',
  'session_end',
  'session_timeout',
  'page_view',
  'cart_created',
  'cart_updated',
  'cart_cleared',
  'stock_searched',
  'file_downloaded',
  'filter_applied',
  'button_click',
  'form_submit',
  'export_generated',
  'report_viewed',
  'menu_opened',
  'modal_opened',
  'tab_switched',
  // API tokens and webhook endpoints made, revoked, paused or resumed (docs/decisions/0160, 0161).
  'integration_updated',
  // An admin put a failed email back in the outbox (docs/decisions/0134).
  'email_resent',
  // A company, its locations or its buyers' roles changed (docs/decisions/0230).
  'company_updated',
  // A price list's header, entries or assignments changed: by an admin, a file or the ERP (docs/decisions/0231).
  'price_list_updated',
  // A quote was requested, priced, sent, accepted, declined, extended, closed or ordered from (docs/decisions/0237).
  'quote_updated',
  // A rep or admin started or stopped ordering for a dealer company (docs/decisions/0235).
  'acting_started',
  'acting_stopped',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/**
 * Types the portal cannot observe honestly, so nothing records them and the
 * activity filter does not offer them (docs/decisions/0135): a generic click, menu,
 * dialog or tab is UI noise without a business meaning, and every form that changes
 * something is already recorded as what it did (order_created, user_updated, ...).
 */
export const UNOBSERVED_ACTIVITY_TYPES = ['button_click', 'form_submit', 'menu_opened', 'modal_opened', 'tab_switched'] as const satisfies readonly ActivityType[];

/** The types the admin's type filter offers: every type something records. */
export const RECORDED_ACTIVITY_TYPES: readonly ActivityType[] = ACTIVITY_TYPES.filter(
  (type) => !(UNOBSERVED_ACTIVITY_TYPES as readonly string[]).includes(type),
);

/**
 * What a browser may report through POST /api/activity: what only the browser sees.
 * The catalogue is searched and filtered in the browser (the whole list is loaded once),
 * so a settled search and an applied filter are reported by it; the server keeps one row
 * per session and query within a window (docs/decisions/0135). Sign-ins, reports, orders,
 * carts, users and stock are written by the server when it does them, never on a client's say-so.
 */
export const CLIENT_ACTIVITY_TYPES = ['page_view', 'stock_searched', 'filter_applied'] as const satisfies readonly ActivityType[];
export type ClientActivityType = (typeof CLIENT_ACTIVITY_TYPES)[number];

/** A repeat of the same search or filter by one session within this window is not a new row. */
export const ACTIVITY_REPEAT_WINDOW_MS = 10 * 60_000;
/** A report (activity log, price list) opened again within this window by one session is not a new row. */
export const REPORT_REPEAT_WINDOW_MS = 30 * 60_000;

/** The activity log shows 20 entries a page. */
export const ACTIVITY_PAGE_SIZE = 20;

/** "page_view" → "Page view", for the type filter and badges. */
export function activityTypeLabel(type: string): string {
  const words = type.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Caps of POST /api/activity (docs/decisions/0100): a page view is a few hundred bytes. Here, not in the contract, so the browser's page-view recorder needs no zod. */
export const CLIENT_ACTIVITY_LIMITS = { bodyBytes: 4096, path: 500, metadataEntries: 10, metadataKey: 40, metadataValue: 200 } as const;

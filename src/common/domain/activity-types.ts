/** Spec §9 activity types. */
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
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/**
 * What a browser may report through POST /api/activity: page views and UI events
 * only the client can see. Sign-ins, orders, carts, users and stock are written by
 * the server when it does them, never on a client's say-so.
 */
export const CLIENT_ACTIVITY_TYPES = [
  'page_view',
  'button_click',
  'filter_applied',
  'form_submit',
  'menu_opened',
  'modal_opened',
  'report_viewed',
  'stock_searched',
  'tab_switched',
] as const satisfies readonly ActivityType[];
export type ClientActivityType = (typeof CLIENT_ACTIVITY_TYPES)[number];

/** Spec §9: the activity log shows 20 entries a page. */
export const ACTIVITY_PAGE_SIZE = 20;

/** "page_view" → "Page view", for the type filter and badges. */
export function activityTypeLabel(type: string): string {
  const words = type.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

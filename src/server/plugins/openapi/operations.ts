/**
 * The name, one-line summary and route-specific error answers of every operation (ADR 0181).
 *
 * Keyed by `METHOD /openapi/path`. The names are written out, never derived, so that a
 * generated client's method names only change when someone edits this table. A route may
 * instead carry `operationId` and `summary` in its own schema (new routes should); the
 * schema wins. The test in openapi.test.ts refuses an operation with neither.
 *
 * `errors` lists the statuses a route answers beyond those every route of its kind gets
 * (./error-responses.ts: 400 and 503 everywhere, 401/403/429 behind sign-in, 403/413 on
 * writes, 404 with an id in the path, 413/415 on uploads): a 409 of the service, a 404 of
 * an id in the query or body, a 401 or 429 of a public route. `idempotent` marks the
 * writes that read an Idempotency-Key header.
 */
export interface OperationEntry {
  operationId: string;
  summary: string;
  errors?: readonly number[];
  /** Other answers than the route's declared ones, with what they mean (304, 206). */
  responses?: Readonly<Record<number, string>>;
  idempotent?: boolean;
}

const NOT_MODIFIED = { 304: 'Not modified: the If-None-Match ETag still matches; no body' };
const PARTIAL = { 206: 'Part of the file, as the Range header asked (Content-Range says which)' };

type Table = Record<string, OperationEntry>;

const op = (operationId: string, summary: string, extra: Omit<OperationEntry, 'operationId' | 'summary'> = {}): OperationEntry => ({
  operationId,
  summary,
  ...extra,
});

export const OPERATIONS: Table = {
  // Health (public, for load balancers)
  'GET /api/health': op('getHealth', 'Liveness: the process answers and whether the database does'),
  'GET /api/health/ready': op('getReadiness', 'Readiness: whether this server takes traffic'),

  // Sign-in and session
  'GET /api/user': op('getCurrentUser', 'The signed-in user and their active role'),
  'GET /api/session': op('getSession', 'Who is signed in, or null: always 200 (what the browser asks)'),
  'POST /api/login': op('logIn', 'Sign in with username and password; sets the session cookie', { errors: [401, 429] }),
  'POST /api/logout': op('logOut', 'Sign out and end the session'),
  'POST /api/register': op('register', 'Create an account and sign in (when registration is open)', { errors: [409] }),
  'POST /api/password-reset': op('resetTemporaryPassword', 'Replace a temporary password after the first sign-in'),
  'POST /api/user/password': op('changePassword', 'Change your own password'),
  'POST /api/session/role': op('chooseRole', 'Choose the role to act as for this session'),
  'GET /api/system/settings': op('getSystemSettings', 'Portal settings the screens need (last stock update, ...)'),

  // Carts
  'GET /api/carts': op('listCarts', 'Your carts, active first, paged by cursor'),
  'POST /api/carts': op('createCart', 'Create a cart', { errors: [409], idempotent: true }),
  'GET /api/carts/{id}': op('getCart', 'One cart with its lines and merchandise'),
  'PATCH /api/carts/{id}': op('updateCart', 'Rename, activate or fill in the details of a cart', { errors: [409] }),
  'DELETE /api/carts/{id}': op('deleteCart', 'Delete a cart'),
  'DELETE /api/carts/{id}/all-items': op('clearCart', 'Remove every line and merchandise entry of a cart'),
  'POST /api/carts/{id}/items': op('addCartItem', 'Add a product to a cart (adds to an existing line)', { errors: [409], idempotent: true }),
  'POST /api/carts/{id}/bulk-items': op('addCartItems', 'Add many products to a cart at once (quick add)', { errors: [409], idempotent: true }),
  'PATCH /api/carts/{id}/items/{itemId}': op('updateCartItem', 'Change the quantity of a cart line'),
  'DELETE /api/carts/{id}/items/{itemId}': op('deleteCartItem', 'Remove a line from a cart'),
  'PUT /api/carts/{id}/merchandise/{type}/{code}': op('setCartMerchandise', 'Set the quantity of one merchandise item in a cart'),
  'POST /api/carts/{id}/merchandise/adjust': op('adjustCartMerchandise', 'Add to or take from merchandise quantities in a cart', {
    errors: [409],
    idempotent: true,
  }),

  // Orders
  'GET /api/orders': op('listOrders', 'Orders, newest first, or changed since a cursor (order feed)'),
  'POST /api/orders': op('placeOrder', 'Place an order from the active cart', { errors: [404, 409], idempotent: true }),
  'GET /api/orders/requested-dates': op('listRequestedDates', 'The dates an order may ask for'),
  'GET /api/orders/{id}': op('getOrder', 'One order with its lines'),
  'PATCH /api/orders/{id}': op('updateOrderStatus', 'Change the status of an order', { errors: [409] }),
  'GET /api/admin/orders/export': op('exportOrders', 'Export order lines as CSV or xlsx'),
  'POST /api/orders/{id}/reorder': op('reorderOrder', 'Put the lines of an earlier order into a new PO (default), the active PO or another of yours', { errors: [409] }),

  // Closed days
  'GET /api/closed-days': op('listClosedDays', 'Days the business is closed'),
  'POST /api/closed-days': op('createClosedDay', 'Add a closed day', { errors: [409] }),
  'DELETE /api/closed-days/{day}': op('deleteClosedDay', 'Remove a closed day'),

  // Files and links
  'GET /api/folders': op('listFolders', 'Every folder of the file library'),
  'POST /api/folders': op('createFolder', 'Create a folder', { errors: [404, 409] }),
  'GET /api/folders/{id}/contents': op('getFolderContents', 'The files, links and subfolders of a folder'),
  'DELETE /api/folders/{id}': op('deleteFolder', 'Delete a folder and everything in it'),
  'GET /api/files': op('listFiles', 'Files, optionally of one folder', { errors: [404] }),
  'POST /api/files': op('uploadFile', 'Upload a file', { errors: [404] }),
  'GET /api/files/{id}/download': op('downloadFile', 'Download a file (supports Range and ETag)', { errors: [416], responses: { ...NOT_MODIFIED, ...PARTIAL } }),
  'HEAD /api/files/{id}/download': op('checkFileDownload', 'Headers of a file download without its bytes', { errors: [416], responses: { ...NOT_MODIFIED, ...PARTIAL } }),
  'DELETE /api/files/{id}': op('deleteFile', 'Delete a file'),
  'GET /api/links': op('listLinks', 'Links, optionally of one folder', { errors: [404] }),
  'POST /api/links': op('createLink', 'Add a link', { errors: [404] }),
  'DELETE /api/links/{id}': op('deleteLink', 'Delete a link'),

  // Users
  'GET /api/users': op('listUsers', 'User accounts, paged, sorted and searched'),
  'POST /api/users': op('createUser', 'Create a user account', { errors: [409] }),
  'PATCH /api/users/{id}': op('updateUser', 'Edit a user account', { errors: [409] }),
  'DELETE /api/users/{id}': op('deleteUser', 'Delete a user account', { errors: [409] }),
  'PATCH /api/user/profile': op('updateOwnProfile', 'Edit your own name, username and email', { errors: [404, 409] }),
  'POST /api/users/{id}/reset-password': op('resetUserPassword', 'Give a user a new temporary password'),
  'POST /api/users/import': op('importUsers', 'Create user accounts from a CSV file', { errors: [409] }),
  'GET /api/users/import-template.csv': op('getUserImportTemplate', 'The CSV template for the user import'),
  'POST /api/bypass-password-reset/{userId}': op('bypassPasswordReset', 'Clear the temporary-password step of a user'),

  // Announcements
  'GET /api/announcements': op('listAnnouncements', 'Announcements for the home screen'),
  'POST /api/announcements': op('createAnnouncement', 'Create an announcement'),
  'PATCH /api/announcements/{id}': op('setAnnouncementActive', 'Show or hide an announcement'),
  'PUT /api/announcements/{id}': op('updateAnnouncement', 'Replace the content of an announcement'),
  'DELETE /api/announcements/{id}': op('deleteAnnouncement', 'Delete an announcement'),

  // Activity log
  'POST /api/activity': op('recordClientActivity', 'Record something the browser saw (page views, downloads)', { errors: [429] }),
  'GET /api/admin/activity-logs': op('listActivityLogs', 'The activity log, newest first, filtered and paged'),
  'GET /api/admin/activity-logs/export': op('exportActivityLogs', 'Export the filtered activity log as CSV'),

  // Merchandise
  'GET /api/merchandise/displays': op('listDisplays', 'Displays that can be ordered'),
  'GET /api/merchandise/labels': op('listLabels', 'Labels that can be ordered'),
  'GET /api/merchandise/pricelists': op('listPricelists', 'Printed price lists that can be ordered'),
  'GET /api/merchandise/handboards': op('listHandboards', 'Handboards that can be ordered'),
  'POST /api/admin/merchandise/upload': op('uploadMerchandise', 'Replace the merchandise catalogue from a workbook'),
  'GET /api/admin/merchandise': op('listMerchandiseAdmin', 'Every merchandise item with its state, for admins'),
  'PATCH /api/admin/merchandise/{id}': op('updateMerchandise', 'Edit a merchandise item'),
  'DELETE /api/admin/merchandise/{id}': op('deleteMerchandise', 'Delete or deactivate a merchandise item'),
  'GET /api/admin/merchandise/template.xlsx': op('getMerchandiseTemplate', 'The merchandise workbook template'),

  // Products and stock
  'GET /api/products': op('listProducts', 'The product catalogue with stock levels', { responses: NOT_MODIFIED }),
  'GET /api/products/columns': op('getCatalogueColumns', 'The whole catalogue as columns (the stock screens; ADR 0188)', { responses: NOT_MODIFIED }),
  'POST /api/stock/upload': op('uploadStock', 'Update stock from a CSV file', { errors: [409] }),
  'POST /api/stock/upload/preview': op('previewStockUpload', 'What a stock CSV would change, without changing anything'),
  'PATCH /api/stock': op('setStockLevels', 'Set stock levels by SKU, all or nothing'),
  'GET /api/stock/template': op('getStockTemplate', 'The stock CSV template'),
  'GET /api/price-list.pdf': op('getPriceList', 'The price list as a PDF', { responses: NOT_MODIFIED }),

  // Outgoing email
  'GET /api/admin/emails': op('listEmails', 'Every queued, sent and failed email, newest first'),
  'POST /api/admin/emails/{id}/resend': op('resendEmail', 'Put a failed email back in the queue', { errors: [409] }),

  // Integrations
  'GET /api/admin/api-tokens': op('listApiTokens', 'List API tokens'),
  'POST /api/admin/api-tokens': op('createApiToken', 'Create an API token; the answer holds the token, shown only this once'),
  'DELETE /api/admin/api-tokens/{id}': op('revokeApiToken', 'Revoke an API token'),
  'GET /api/admin/webhooks': op('listWebhooks', 'List webhook endpoints'),
  'POST /api/admin/webhooks': op('createWebhook', 'Register a webhook endpoint; the answer holds the signing secret, shown only this once'),
  'PATCH /api/admin/webhooks/{id}': op('updateWebhook', 'Pause or resume a webhook endpoint'),
  'DELETE /api/admin/webhooks/{id}': op('deleteWebhook', 'Remove a webhook endpoint and its delivery log'),
  'GET /api/admin/webhooks/{id}/deliveries': op('listWebhookDeliveries', 'The delivery log of an endpoint, newest first'),
  'POST /api/admin/webhooks/{id}/deliveries/{deliveryId}/resend': op('resendWebhookDelivery', 'Send a delivery again (same event id)'),
};

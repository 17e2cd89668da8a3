/*
 * Every table, for drizzle-kit and the database client. Each module's tables live in the schema file
 * named after it, and a module imports only those (docs/decisions/0177, held by eslint.boundaries.js);
 * users.ts is shared by the users and auth modules.
 */
export * from './companies';
export * from './price-list';
export * from './users';
export * from './auth';
export * from './products';
export * from './settings';
export * from './merchandise';
export * from './carts';
export * from './orders';
export * from './activity';
export * from './announcements';
export * from './files';
export * from './mail';
export * from './calendar';
export * from './api-tokens';
export * from './webhooks';
export * from './idempotency';
export * from './lots';
export * from './imports';
export * from './quotes';

/*
 * The zod every contract is written in: zod/mini (ADR 0175). Its schemas are zod/v4/core schemas, so
 * the same objects serve the form resolver, the route's validator and serializer and the OpenAPI
 * document, and a bundle keeps only the functions and contracts a page uses.
 *
 * Configured here, before any contract builds a schema (each one imports this module):
 * - English messages: classic zod installs them by itself; zod/mini leaves the locale to the app.
 *   Fields without a message of their own still answer "Too big: expected string to have <=100 characters".
 * - In the browser, no compiled parsers: zod compiles object parsers with `new Function` and probes
 *   for that when the first object schema is built. The portal's Content Security Policy forbids
 *   eval, so the probe was refused and logged a CSP violation on every page (ADR 0151). The server
 *   keeps the compiled parsers.
 */
import { config, locales } from 'zod/mini';

config({ ...locales.en(), jitless: typeof document !== 'undefined' });

export * from 'zod/mini';

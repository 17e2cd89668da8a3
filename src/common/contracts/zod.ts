/*
 * The zod every contract is written in: zod/mini (ADR 0175). Its schemas are zod/v4/core schemas, so
 * the same objects serve the form resolver, the route's validator and serializer and the OpenAPI
 * document, and a bundle keeps only the functions and contracts a page uses.
 *
 * English messages are set here, before any contract builds a schema (each one imports this module):
 * classic zod installs them by itself, zod/mini leaves the locale to the app. A field without a
 * message of its own still answers "Too big: expected string to have <=100 characters".
 *
 * No `jitless` setting is needed for the Content Security Policy (no eval, ADR 0151): only classic
 * zod's objects compile a parser with `new Function`; zod/mini's never do (zod.test.ts).
 */
import { config, locales } from 'zod/mini';

config(locales.en());

export * from 'zod/mini';

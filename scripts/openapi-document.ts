/**
 * Writes the OpenAPI document the portal serves at /api/openapi.json to a file (default
 * .tmp/openapi.json), for `npm run lint:api` (Redocly) and code generators (ADR 0181).
 * The app is built as main.ts builds it before migrating: with a lifecycle, so nothing
 * touches the database, and the pool below never connects.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { createLifecycle } from '../src/server/lifecycle';

const target = path.resolve(process.argv[2] ?? '.tmp/openapi.json');
const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
const database = openDatabase(config.DATABASE_URL!);
const app = await buildApp({ db: database.db, config, sessionSecret: 'x'.repeat(48), logger: false, lifecycle: createLifecycle() });
await app.ready();
// The very object /api/openapi.json serializes (plugins/openapi); the route itself answers 503
// here, as the app is never marked ready.
mkdirSync(path.dirname(target), { recursive: true });
writeFileSync(target, JSON.stringify(app.swagger(), null, 2));
await app.close();
await database.close();
console.log(`OpenAPI document written to ${path.relative(process.cwd(), target)}`);

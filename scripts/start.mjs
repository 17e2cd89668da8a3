/**
 * `npm start` (package.json: `exec node scripts/start.mjs`, so npm's SIGTERM reaches
 * this process, ADR 0060): builds the client and the server when dist/ is missing or
 * older than their sources (a clean clone's first start builds both; later starts
 * only start), then runs the compiled server, dist/server/main.js, in this process.
 * BUILD_CLIENT=false skips the client check, for a server whose client was built
 * beforehand. Nothing here loads tsx, vite or esbuild: builds run in child processes.
 */
import { buildClientIfStale, buildServerIfStale } from './build-if-stale.mjs';

if (process.env.BUILD_CLIENT !== 'false') buildClientIfStale();
buildServerIfStale();
const { main } = await import('../dist/server/main.js');
await main();

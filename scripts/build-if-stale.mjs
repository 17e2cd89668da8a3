/**
 * Builds what is missing or older than its sources, each build in a child process
 * so the server that starts afterwards never loads vite or esbuild:
 *   the client (vite) into dist/client, from src/client, src/common, vite.config.ts;
 *   the server (esbuild, scripts/build-server.mjs) into dist/server, from src/server, src/common.
 * A changed package-lock.json rebuilds both. Plain JavaScript: `npm start` needs no tsx.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const targets = {
  client: {
    output: 'dist/client/index.html',
    inputs: ['src/client', 'src/common', 'vite.config.ts', 'scripts/route-size-report.ts', 'scripts/route-preloads.ts', 'package-lock.json'],
    command: [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    label: 'the client',
  },
  server: {
    output: 'dist/server/main.js',
    inputs: ['src/server', 'src/common', 'scripts/build-server.mjs', 'tsconfig.json', 'package-lock.json'],
    command: [path.join(root, 'scripts/build-server.mjs')],
    label: 'the server',
  },
};

function newestMtime(target) {
  const full = path.join(root, target);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.endsWith('.test.ts'))
    .reduce((newest, entry) => Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs), 0);
}

/** Whether dist/<part> is missing or older than one of its sources. */
export function isStale(part) {
  const { output, inputs } = targets[part];
  const built = path.join(root, output);
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return inputs.some((input) => newestMtime(input) > builtAt);
}

function build(part) {
  const { command, label } = targets[part];
  // The build tools are devDependencies (ADR 0180): an install without them (`npm ci --omit=dev`)
  // can run a dist/ built beforehand, but cannot build one.
  if (!existsSync(command[0])) {
    console.error(`Cannot build ${label}: the build tools are missing (${path.relative(root, command[0])}). Run \`npm install\` (with dev dependencies) or copy a dist/ built by \`npm run build\`.`);
    process.exit(1);
  }
  console.log(`Building ${label}…`);
  // Always a production build: under vitest (the e2e setup) NODE_ENV is 'test', and Vite would
  // then bundle React's development build into dist/, which a later `npm start` would serve.
  const result = spawnSync(process.execPath, command, { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (result.status !== 0) throw new Error(`Building ${label} failed (exit ${result.status ?? result.signal})`);
}

export function buildClientIfStale() {
  if (isStale('client')) build('client');
}

export function buildServerIfStale() {
  if (isStale('server')) build('server');
}

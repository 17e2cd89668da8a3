/**
 * `npm start`: builds the client when dist/client is missing or older than
 * its sources (BUILD_CLIENT=false skips the check, for a server whose client was
 * built beforehand), then runs the server in this same process
 * (src/server/main.ts). package.json starts it with `exec`, so the shell is
 * replaced and npm's SIGTERM reaches this process directly (ADR 0060).
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const builtIndex = path.join(root, 'dist/client/index.html');
const clientInputs = ['src/client', 'src/common', 'vite.config.ts', 'package-lock.json'];

function newestMtime(target: string): number {
  const full = path.join(root, target);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce((newest, entry) => Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs), 0);
}

export function clientIsStale(): boolean {
  if (!existsSync(builtIndex)) return true;
  const built = statSync(builtIndex).mtimeMs;
  return clientInputs.some((input) => newestMtime(input) > built);
}

export async function buildClientIfStale(): Promise<void> {
  if (!clientIsStale()) return;
  console.log('Building the client…');
  const { build } = await import('vite');
  await build({ configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  if (process.env.BUILD_CLIENT !== 'false') await buildClientIfStale();
  const { main } = await import('../src/server/main');
  await main();
}

/**
 * `npm start`: builds the client when dist/client is missing or older than
 * its sources, then starts the server (src/server/main.ts).
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
  await buildClientIfStale();
  const { main } = await import('../src/server/main');
  await main();
}

/**
 * `npm run bench`: runs every benchmark in bench/ one after another (each file
 * prints its own figures). `npm run bench -- cart-add` runs only the named ones.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const benches = readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && f !== 'run.ts' && !f.startsWith('_'))
  .map((f) => f.replace(/\.ts$/, ''))
  .filter((name) => wanted.length === 0 || wanted.includes(name))
  .sort();

let failed = false;
for (const name of benches) {
  console.log(`\n=== ${name} ===`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, `${name}.ts`)], { stdio: 'inherit' });
  if (run.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);

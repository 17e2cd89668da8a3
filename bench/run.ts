/**
 * `npm run bench`: runs every bench/*.ts file (except this one) in turn, each in
 * its own process so one benchmark's memory and timers never colour the next.
 * `npm run bench -- products` runs only those whose name contains "products".
 * Shared helpers live in bench/support/ and are not run.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const filter = process.argv[2] ?? '';
const benches = readdirSync(here)
  .filter((name) => name.endsWith('.ts') && name !== 'run.ts' && name.includes(filter))
  .sort();

if (benches.length === 0) console.log(filter ? `No benchmark matches "${filter}".` : 'No benchmarks yet.');
let failed = 0;
for (const name of benches) {
  console.log(`\n=== ${name}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, name)], { stdio: 'inherit' });
  if (result.status !== 0) failed += 1;
}
process.exit(failed === 0 ? 0 : 1);

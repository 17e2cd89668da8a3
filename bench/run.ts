/**
 * `npm run bench`: runs every bench/*.ts file (except this one) in turn, each in
 * its own process so one benchmark's memory and timers never colour the next.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const benches = readdirSync(here)
  .filter((name) => name.endsWith('.ts') && name !== 'run.ts')
  .sort();

let failed = 0;
for (const name of benches) {
  console.log(`\n=== ${name}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, name)], { stdio: 'inherit' });
  if (result.status !== 0) failed += 1;
}
process.exit(failed === 0 ? 0 : 1);

/**
 * `npm run bench`: runs every bench/*.bench.ts in turn (each prints its own
 * figures), or only those whose name contains the first argument.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const filter = process.argv[2] ?? '';
const benches = readdirSync(here)
  .filter((name) => name.endsWith('.bench.ts') && name.includes(filter))
  .sort();

if (benches.length === 0) {
  console.log(filter ? `No benchmark matches "${filter}".` : 'No benchmarks yet.');
}
let failed = 0;
for (const name of benches) {
  console.log(`\n=== ${name}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, name)], { stdio: 'inherit' });
  if (result.status !== 0) failed += 1;
}
process.exit(failed > 0 ? 1 : 0);

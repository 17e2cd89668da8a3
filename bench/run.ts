import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * `npm run bench [-- <name>]`: runs every benchmark in bench/ one after another (each
 * in its own process, so one's memory and connections never colour the next), or
 * only those whose file name contains <name>. Each prints its own figures.
 */
const dir = fileURLToPath(new URL('.', import.meta.url));
const filter = process.argv[2];
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => !filter || f.includes(filter))
  .sort();

if (files.length === 0) {
  console.error(filter ? `No benchmark matches "${filter}".` : 'No benchmarks found.');
  process.exit(1);
}

let failed = 0;
for (const file of files) {
  console.log(`\n=== ${file}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', `${dir}${file}`], { stdio: 'inherit' });
  if (result.status !== 0) failed += 1;
}
process.exit(failed > 0 ? 1 : 0);

/**
 * Compiles the server (src/server/main.ts and everything it imports, src/common
 * included) into one ES module, dist/server/main.js, with esbuild, so `npm start`
 * runs plain JavaScript: no TypeScript compiler or vite is loaded at run time.
 * Packages stay external (node_modules is there after `npm install`); the SQL
 * migrations are copied beside the bundle, where db/client.ts looks for them.
 * Plain JavaScript itself, so running it needs nothing but node and esbuild.
 * The bundle is written beside and renamed into place, so a server starting at the
 * same moment never reads half a file.
 */
import { build } from 'esbuild';
import { cpSync, mkdirSync, renameSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = `${root}dist/server`;

export async function buildServer() {
  mkdirSync(outdir, { recursive: true });
  // Migrations first: a main.js newer than its sources must find them.
  cpSync(`${root}src/server/db/migrations`, `${outdir}/migrations`, { recursive: true });
  const temporary = `${outdir}/main.${process.pid}.js`;
  await build({
    absWorkingDir: root,
    entryPoints: ['src/server/main.ts'],
    outfile: temporary,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    tsconfig: 'tsconfig.json',
    sourcemap: 'inline',
    logLevel: 'warning',
  });
  renameSync(temporary, `${outdir}/main.js`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const started = Date.now();
  await buildServer();
  console.log(`Server compiled to dist/server/main.js in ${Date.now() - started} ms`);
}

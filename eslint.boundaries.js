import boundaries from 'eslint-plugin-boundaries';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The import zones of DESIGN.md and docs/architecture.md, held by eslint-plugin-boundaries
 * (docs/decisions/0221-lint-zones-from-eslint-plugin-boundaries.md). Every policy below only refuses;
 * anything no policy names is allowed, as before.
 */
const root = path.dirname(new URL(import.meta.url).pathname);

/** Zones, most specific first: a file belongs to the first pattern that matches its folder. */
const elements = [
  { type: 'server-module', pattern: 'src/server/modules/*', capture: ['module'] },
  { type: 'server-schema', pattern: 'src/server/db/schema' },
  { type: 'server', pattern: 'src/server' },
  { type: 'client-feature', pattern: 'src/client/features/*', capture: ['feature'] },
  { type: 'client-api', pattern: 'src/client/api' },
  { type: 'client-app', pattern: 'src/client/app' },
  { type: 'client', pattern: 'src/client' },
  { type: 'common', pattern: 'src/common' },
  // Scripts, benches, journeys and shared test helpers reach modules through their entry too.
  { type: 'tooling', pattern: '{scripts,bench,e2e,test}' },
];

/**
 * Table ownership (docs/decisions/0177b-tables-belong-to-modules-features-never-import-the-app.md): the tables of src/server/db/schema/<name>.ts belong to the
 * server module <name>, except users.ts, the accounts, which the users and auth modules share, and the companies module
 * for its buyers' company roles (docs/decisions/0229).
 * Read from the schema files, so a new table is owned by the module whose file declares it.
 */
const SHARED_SCHEMA_FILES = { users: ['users', 'auth', 'companies'] };
const schemaDir = path.join(root, 'src/server/db/schema');

export const tableOwners = new Map(
  readdirSync(schemaDir)
    .filter((file) => file.endsWith('.ts'))
    .flatMap((file) => {
      const name = file.slice(0, -'.ts'.length);
      const text = readFileSync(path.join(schemaDir, file), 'utf8');
      return [...text.matchAll(/^export const (\w+) = pgTable\b/gm)].map(([, table]) => [table, SHARED_SCHEMA_FILES[name] ?? [name]]);
    }),
);

const zonePolicies = [
  {
    from: { element: { type: 'common' } },
    disallow: { to: { element: { types: ['server*', 'client*'] } } },
    message: 'src/common may not import from src/server or src/client',
  },
  {
    from: { element: { types: 'server*' } },
    disallow: { to: { element: { types: 'client*' } } },
    message: 'src/server may not import from src/client',
  },
  {
    from: { element: { types: 'client*' } },
    disallow: { to: { element: { types: 'server*' } } },
    message: 'src/client may not import from src/server',
  },
  {
    // A module's own files are "internal" and never reach this policy (checkInternals is off).
    disallow: { to: { element: { type: 'server-module', fileInternalPath: '!index.ts' } } },
    message:
      'import module "{{ to.element.captured.module }}" through its public entry (src/server/modules/{{ to.element.captured.module }}/index.ts), not {{ to.element.fileInternalPath }}',
  },
  {
    from: { element: { type: 'client-feature' } },
    disallow: { to: { element: { type: 'client-app' } } },
    message: 'feature "{{ from.element.captured.feature }}" may not import src/client/app; the app composes features, not the other way round',
  },
  {
    from: { element: { type: 'client-feature' } },
    disallow: { to: { element: { type: 'client-feature' } } },
    message: 'feature "{{ from.element.captured.feature }}" may not import feature "{{ to.element.captured.feature }}"; compose them in src/client/app',
  },
  {
    from: { element: { type: 'client-api' } },
    disallow: { to: { element: { type: 'client-feature' } } },
    message: 'src/client/api may not import feature "{{ to.element.captured.feature }}"; a call shared by features lives here whole',
  },
];

/**
 * A module takes its own tables by name. Last matching policy wins: any import of the schema is refused,
 * one that names its tables is let through, then the tables of every other module are refused by name.
 */
/** Tables grouped by their owning modules ("users|auth" -> [users, ...]). */
function tablesByOwners() {
  const groups = new Map();
  for (const [table, owners] of tableOwners) groups.set(owners.join('|'), [...(groups.get(owners.join('|')) ?? []), table]);
  return groups;
}

const anyModule = { element: { type: 'server-module' } };
const schema = { element: { type: 'server-schema' } };
const tablePolicies = [
  {
    from: anyModule,
    disallow: { to: schema },
    message: 'module "{{ from.element.captured.module }}" may not import every table; import its own tables by name',
  },
  { from: anyModule, allow: { to: schema, dependency: { specifiers: '*' } } },
  // One policy per owning module (its tables as one specifier list): a policy per table tripled lint time.
  ...[...tablesByOwners()].map(([owners, tables]) => ({
    from: { element: { type: 'server-module', captured: { module: `!(${owners})` } } },
    disallow: { to: schema, dependency: { specifiers: tables } },
    message: `module "{{ from.element.captured.module }}" may not use a table of module "${owners.split('|')[0]}" (${tables.join(', ')}); read it through src/server/modules/${owners.split('|')[0]}/index.ts`,
  })),
];

const settings = {
  'boundaries/elements': elements,
  'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
  'import/resolver': { typescript: { project: path.join(root, 'tsconfig.json') } },
};

/** Flat-config blocks: the zones everywhere, and table ownership in module code (tests check the whole database). */
export const boundariesConfig = [
  {
    plugins: { boundaries },
    settings,
    rules: { 'boundaries/dependencies': ['error', { default: 'allow', policies: zonePolicies }] },
  },
  {
    files: ['src/server/modules/**'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { 'boundaries/dependencies': ['error', { default: 'allow', policies: [...zonePolicies, ...tablePolicies] }] },
  },
];

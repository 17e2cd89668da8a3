import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import tseslint from 'typescript-eslint';

const root = path.dirname(new URL(import.meta.url).pathname);
const aliases = { '@common/': 'src/common/', '@client/': 'src/client/', '@server/': 'src/server/' };

/** Resolves an import specifier to a repo-relative path, or null for packages. */
function resolveImport(fromFile, source) {
  for (const [alias, target] of Object.entries(aliases)) {
    if (source.startsWith(alias)) return target + source.slice(alias.length);
  }
  if (!source.startsWith('.')) return null;
  return path.relative(root, path.resolve(path.dirname(fromFile), source));
}

/**
 * Table ownership (docs/decisions/0177): the tables of src/server/db/schema/<name>.ts belong to the
 * server module <name>, except users.ts, the accounts, which the users and auth modules share.
 * Read from the schema files, so a new table is owned by the module whose file declares it.
 */
const SHARED_SCHEMA_FILES = { users: ['users', 'auth'] };
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

/** The names a declaration takes from its source; null when it takes everything (`* as`, `export *`, import()). */
function importedNames(node) {
  if (node.type === 'ExportAllDeclaration' || !node.specifiers) return null;
  const names = [];
  for (const s of node.specifiers) {
    if (s.type === 'ImportNamespaceSpecifier') return null;
    if (s.type === 'ImportDefaultSpecifier') names.push('default');
    else if (s.type === 'ImportSpecifier') names.push(s.imported.name ?? s.imported.value);
    else if (s.type === 'ExportSpecifier') names.push(s.local.name ?? s.local.value);
  }
  return names;
}

/**
 * Import directions of DESIGN.md: common imports neither side; server never
 * imports client; client never imports server; a client feature never imports
 * another feature (the app composes them); src/client/api (calls shared by
 * several features) is imported by features and the app and imports no feature;
 * a server module is used from outside only through its public entry
 * src/server/modules/<area>/index.ts (docs/architecture.md); a feature never
 * imports src/client/app (bulletproof-react: code flows common -> features -> app);
 * a server module uses only its own tables, other modules' data through their public
 * entry (docs/decisions/0177). Tests are exempt from the table rule only: they check
 * what a request left in the whole database.
 */
const importDirections = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const file = path.relative(root, context.filename);
    const check = (node) => {
      const target = node.source && resolveImport(context.filename, node.source.value);
      if (!target) return;
      const report = (message) => context.report({ node: node.source, message });
      if (file.startsWith('src/common/') && (target.startsWith('src/server/') || target.startsWith('src/client/'))) {
        report('src/common may not import from src/server or src/client');
      }
      if (file.startsWith('src/server/') && target.startsWith('src/client/')) report('src/server may not import from src/client');
      if (file.startsWith('src/client/') && target.startsWith('src/server/')) report('src/client may not import from src/server');
      const ownModule = file.match(/^src\/server\/modules\/([^/]+)\//)?.[1];
      const targetModule = target.match(/^src\/server\/modules\/([^/]+)(?:\/(.+))?$/);
      if (targetModule) {
        const [, area, inner] = targetModule;
        const isEntry = inner === undefined || /^index(\.ts)?$/.test(inner);
        if (ownModule !== area && !isEntry) {
          report(`import module "${area}" through its public entry (src/server/modules/${area}/index.ts), not ${inner}`);
        }
      }
      const isTest = /\.test\.tsx?$/.test(file);
      if (ownModule && !isTest && /^src\/server\/db\/schema(\/|$)/.test(target)) {
        const names = importedNames(node);
        if (names === null) {
          report(`module "${ownModule}" may not import every table; import its own tables by name`);
        } else {
          for (const name of names) {
            const owners = tableOwners.get(name);
            if (owners && !owners.includes(ownModule)) {
              report(`module "${ownModule}" may not use table "${name}" of module "${owners[0]}"; read it through src/server/modules/${owners[0]}/index.ts`);
            }
          }
        }
      }
      const ownFeature = file.match(/^src\/client\/features\/([^/]+)\//)?.[1];
      const targetFeature = target.match(/^src\/client\/features\/([^/]+)/)?.[1];
      if (ownFeature && target.startsWith('src/client/app/')) {
        report(`feature "${ownFeature}" may not import src/client/app; the app composes features, not the other way round`);
      }
      if (ownFeature && targetFeature && ownFeature !== targetFeature) {
        report(`feature "${ownFeature}" may not import feature "${targetFeature}"; compose them in src/client/app`);
      }
      if (file.startsWith('src/client/api/') && targetFeature) {
        report(`src/client/api may not import feature "${targetFeature}"; a call shared by features lives here whole`);
      }
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: (node) => node.source.type === 'Literal' && check({ type: 'ImportExpression', source: node.source }) };
  },
};

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', '.tmp/', 'coverage/', 'reports/', '.stryker-tmp/', 'src/server/db/migrations/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { portal: { rules: { 'import-directions': importDirections } } },
    rules: {
      'portal/import-directions': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);

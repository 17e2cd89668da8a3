import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
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
 * Import directions of DESIGN.md: common imports neither side; server never
 * imports client; client never imports server; a client feature never imports
 * another feature (the app composes them); src/client/api (calls shared by
 * several features) is imported by features and the app and imports no feature;
 * a server module is used from outside only through its public entry
 * src/server/modules/<area>/index.ts (docs/architecture.md).
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
      const targetModule = target.match(/^src\/server\/modules\/([^/]+)(?:\/(.+))?$/);
      if (targetModule) {
        const [, area, inner] = targetModule;
        const ownModule = file.match(/^src\/server\/modules\/([^/]+)\//)?.[1];
        const isEntry = inner === undefined || /^index(\.ts)?$/.test(inner);
        if (ownModule !== area && !isEntry) {
          report(`import module "${area}" through its public entry (src/server/modules/${area}/index.ts), not ${inner}`);
        }
      }
      const ownFeature = file.match(/^src\/client\/features\/([^/]+)\//)?.[1];
      const targetFeature = target.match(/^src\/client\/features\/([^/]+)/)?.[1];
      if (ownFeature && targetFeature && ownFeature !== targetFeature) {
        report(`feature "${ownFeature}" may not import feature "${targetFeature}"; compose them in src/client/app`);
      }
      if (file.startsWith('src/client/api/') && targetFeature) {
        report(`src/client/api may not import feature "${targetFeature}"; a call shared by features lives here whole`);
      }
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: (node) => node.source.type === 'Literal' && check({ source: node.source }) };
  },
};

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', '.tmp/', 'coverage/', 'src/server/db/migrations/'] },
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

import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/** zod's JSON Schema generator: the OpenAPI document needs it on the server; the browser never does. */
const GENERATOR_FILE = /\/node_modules\/zod\/v4\/core\/(json-schema-processors|to-json-schema|json-schema-generator)\.js$/;
const STUB = '\0zod-json-schema-stub:';

/** The names a module exports (`export const|function|class x`, `export { a, b as c }`). */
function exportedNames(source: string): { name: string; isClass: boolean }[] {
  const names = new Map<string, boolean>();
  for (const m of source.matchAll(/export\s+(const|let|function|class)\s+([\w$]+)/g)) names.set(m[2]!, m[1] === 'class');
  for (const m of source.matchAll(/export\s*\{([^}]*)\}/g)) {
    for (const part of m[1]!.split(',')) {
      const name = part.trim().split(/\s+as\s+/).pop();
      if (name) names.set(name, false);
    }
  }
  return [...names].map(([name, isClass]) => ({ name, isClass }));
}

export function stubOf(source: string): string {
  const lines = [
    "const unavailable = () => { throw new Error('JSON Schema generation is not part of the browser build (scripts/zod-without-json-schema.ts)'); };",
  ];
  for (const { name, isClass } of exportedNames(source)) {
    if (isClass) lines.push(`export class ${name} { constructor() { unavailable(); } }`);
    // Schemas read these lazily (`minLength` getters, `~standard`): they must not throw when merely built.
    else if (name === 'aggregateChecks') lines.push('export const aggregateChecks = () => ({});');
    else if (/^create\w*Method$/.test(name)) lines.push(`export const ${name} = () => unavailable;`);
    else lines.push(`export const ${name} = unavailable;`);
  }
  return lines.join('\n');
}

/**
 * The browser build without zod's JSON Schema generator (issue 15, ADR 0152): zod's schema classes
 * import it for `.toJSONSchema()`, so it cannot be tree-shaken, yet it was half of the zod the
 * portal loads on every signed-in page (about 15 KB gzipped) and evaluated before the first paint.
 * The client never generates JSON Schema (the server's OpenAPI document does, with the real zod),
 * so the three generator modules become stubs that throw if ever called. Schema building,
 * parsing and errors are untouched.
 */
export function zodWithoutJsonSchema(): Plugin {
  return {
    name: 'zod-without-json-schema',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer?.includes('/node_modules/zod/') || !/json-schema/.test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && GENERATOR_FILE.test(resolved.id) ? `${STUB}${resolved.id}` : null;
    },
    load(id) {
      if (!id.startsWith(STUB)) return null;
      return stubOf(readFileSync(id.slice(STUB.length), 'utf8'));
    },
  };
}

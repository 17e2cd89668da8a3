import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin, Rollup } from 'vite';
import { PRELOADED_ROUTES, modulesFor } from '../src/client/app/routes/route-modules';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/** What the server reads (src/server/plugins/route-preloads.ts). */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

function chunkList(bundle: OutputBundle): OutputChunk[] {
  return Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
}

function staticClosure(bundle: OutputBundle, start: OutputChunk, into: Set<OutputChunk>): void {
  if (into.has(start)) return;
  into.add(start);
  for (const name of start.imports) {
    const next = bundle[name];
    if (next?.type === 'chunk') staticClosure(bundle, next, into);
  }
}

/**
 * After `vite build`, writes for every route of src/client/app/routes/route-modules.ts the
 * chunks its page needs beyond the entry (which index.html loads anyway), in load order.
 * A module that is in no chunk (renamed, deleted) stops the build: a stale list would
 * silently bring the request waterfall back (ADR 0151).
 */
export function routePreloads(): Plugin {
  let outDir = '';
  return {
    name: 'bold-route-preloads',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    writeBundle(_options, bundle) {
      const chunks = chunkList(bundle);
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) return;
      const loadedByEntry = new Set<OutputChunk>();
      staticClosure(bundle, entry, loadedByEntry);
      const chunkOf = (module: string) => {
        const suffixes = ['.tsx', '.ts'].map((ext) => `/src/${module}${ext}`);
        const found = chunks.find((chunk) => chunk.moduleIds.some((id) => suffixes.some((s) => id.endsWith(s))));
        if (!found) throw new Error(`route-preloads: ${module} is in no chunk; update src/client/app/routes/route-modules.ts`);
        return found;
      };
      const routes: Record<string, string[]> = {};
      for (const route of PRELOADED_ROUTES) {
        const needed = new Set<OutputChunk>();
        for (const module of modulesFor(route)) staticClosure(bundle, chunkOf(module), needed);
        routes[route] = [...needed].filter((chunk) => !loadedByEntry.has(chunk)).map((chunk) => `/${chunk.fileName}`);
      }
      writeFileSync(path.join(outDir, ROUTE_PRELOADS_FILE), `${JSON.stringify({ routes }, null, 1)}\n`);
    },
  };
}

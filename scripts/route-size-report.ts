import { gzipSync } from 'node:zlib';
import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/** The most JavaScript the sign-in page may load, gzipped (a phone on a mobile network). */
export const AUTH_JS_LIMIT_BYTES = 100 * 1024;

function chunks(bundle: OutputBundle): OutputChunk[] {
  return Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
}

/** A chunk and every chunk it imports statically (what the browser must load before it runs). */
function closure(bundle: OutputBundle, start: OutputChunk): Set<OutputChunk> {
  const seen = new Set<OutputChunk>();
  const visit = (chunk: OutputChunk) => {
    if (seen.has(chunk)) return;
    seen.add(chunk);
    for (const name of chunk.imports) {
      const next = bundle[name];
      if (next?.type === 'chunk') visit(next);
    }
  };
  visit(start);
  return seen;
}

/**
 * Prints, after `vite build`, the gzipped JavaScript the /auth page loads: the entry
 * with its static imports plus the sign-in page's own chunk and its imports. A route
 * split gone wrong (a library pulled into the entry) shows here at build time.
 */
export function routeSizeReport(options: { pageModule: string; label: string; limitBytes: number }): Plugin {
  return {
    name: 'bold-route-size-report',
    apply: 'build',
    writeBundle(_output, bundle) {
      const all = chunks(bundle);
      const entry = all.find((chunk) => chunk.isEntry);
      if (!entry) return;
      const loaded = closure(bundle, entry);
      const page = all.find((chunk) => chunk.moduleIds.some((id) => id.includes(options.pageModule)));
      if (page) for (const chunk of closure(bundle, page)) loaded.add(chunk);
      const bytes = [...loaded].reduce((sum, chunk) => sum + gzipSync(chunk.code, { level: 9 }).length, 0);
      const kb = (bytes / 1024).toFixed(1);
      const verdict = bytes <= options.limitBytes ? 'within' : 'OVER';
      // ROUTE_SIZE_DETAIL=1 npm run build: the largest modules behind that figure.
      if (process.env.ROUTE_SIZE_DETAIL) {
        const modules = [...loaded].flatMap((chunk) => Object.entries(chunk.modules).map(([id, m]) => ({ id, size: m.renderedLength, chunk: chunk.fileName })));
        for (const m of modules.sort((a, b) => b.size - a.size).slice(0, 40)) console.log(`  ${(m.size / 1024).toFixed(1).padStart(7)} KB  ${m.chunk}  ${m.id.replace(/^.*node_modules\//, '')}`);
      }
      console.log(
        `\nJavaScript for ${options.label}: ${kb} KB gzipped in ${loaded.size} chunk(s), ${verdict} the ${options.limitBytes / 1024} KB limit`,
      );
    },
  };
}

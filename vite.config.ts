import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { AUTH_JS_LIMIT_BYTES, routeSizeReport } from './scripts/route-size-report';
import { routePreloads } from './scripts/route-preloads';

/**
 * lucide-react's icon modules end with `__iconData.node;` (a bare property read) and an unannotated
 * `createLucideIcon(__iconData)` call, so Rollup counts every icon as code with side effects and
 * never merges a chunk holding one (`experimentalMinChunkSize` merges only side-effect-free chunks):
 * the dashboard preloaded eight ~250-byte icon files and /stock three small chunks kept apart by an
 * icon, each a request on a phone's six HTTP/1.1 connections (ADR 0199). The read does nothing and the
 * call only builds a component, so both are marked as what they are.
 */
function lucideIconsArePure(): Plugin {
  return {
    name: 'lucide-icons-are-pure',
    transform(code, id) {
      if (!/[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/][^\\/]+\.mjs$/.test(id)) return null;
      return { code: code.replace(/^__iconData\.node;$/m, '').replace(/= createLucideIcon\(/, '= /* @__PURE__ */ createLucideIcon('), map: null };
    },
  };
}

/**
 * Which build this is (docs/decisions/0239): PORTAL_BUILD_ID when the deploy (or the update journey,
 * e2e/field-mode.e2e.ts) sets it, else the commit. Written into index.html as a meta tag and into the
 * entry's JavaScript, so a new id is a new entry chunk, a new precache manifest and a new service worker.
 */
function portalBuildId(): string {
  if (process.env.PORTAL_BUILD_ID) return process.env.PORTAL_BUILD_ID;
  const git = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' });
  return git.status === 0 ? git.stdout.trim() : 'local';
}
const PORTAL_BUILD = portalBuildId();

function portalBuildMeta(): Plugin {
  return {
    name: 'portal-build-meta',
    transformIndexHtml: () => [{ tag: 'meta', attrs: { name: 'portal-build', content: PORTAL_BUILD }, injectTo: 'head' }],
  };
}

/**
 * The shell the service worker answers a navigation with when the network gave no page (docs/decisions/0227):
 * index.html with a mark the server's pages never carry, so the portal knows at once that it starts
 * without a network, whatever navigator.onLine says, and opens from the device instead of waiting for
 * its first calls to fail (docs/performance.md, "Field mode").
 */
export const OFFLINE_SHELL = 'offline.html';

/**
 * A page request that has had no answer for 5 s (a signal that carries no data) is given up, so the
 * worker answers with the offline shell instead of waiting for the browser's own timeout; once the
 * page's headers are here, the deadline is off and the page streams in whatever it takes
 * (docs/decisions/0246). Workbox writes this plugin into sw.js as source: it may use nothing from
 * this file, so the 5,000 ms is written inside it.
 */
const NAVIGATION_DEADLINE = {
  requestWillFetch: async ({ request, state }: { request: Request; state?: Record<string, unknown> }) => {
    const controller = new AbortController();
    if (state) state.deadline = setTimeout(() => controller.abort(), 5000);
    return new Request(request, { signal: controller.signal });
  },
  fetchDidSucceed: async ({ response, state }: { response: Response; state?: Record<string, unknown> }) => {
    clearTimeout(state?.deadline as ReturnType<typeof setTimeout> | undefined);
    return response;
  },
  fetchDidFail: async ({ state }: { state?: Record<string, unknown> }) => {
    clearTimeout(state?.deadline as ReturnType<typeof setTimeout> | undefined);
  },
};
function offlineShell(): Plugin {
  return {
    name: 'portal-offline-shell',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') return;
      const html = String(index.source).replace('<meta charset="UTF-8" />', '<meta charset="UTF-8" />\n    <meta name="portal-shell" content="device" />');
      this.emitFile({ type: 'asset', fileName: OFFLINE_SHELL, source: html });
    },
  };
}

const alias = [
  { find: '@common', replacement: fileURLToPath(new URL('./src/common', import.meta.url)) },
  { find: '@client', replacement: fileURLToPath(new URL('./src/client', import.meta.url)) },
  { find: '@server', replacement: fileURLToPath(new URL('./src/server', import.meta.url)) },
];

// The client is built into dist/client and served by Fastify; `npm run dev`
// runs this dev server and proxies /api to the Fastify process.
export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  resolve: { alias },
  define: { __PORTAL_BUILD__: JSON.stringify(PORTAL_BUILD) },
  plugins: [
    react(),
    portalBuildMeta(),
    offlineShell(),
    tailwindcss(),
    lucideIconsArePure(),
    routeSizeReport({ pageModule: 'features/auth/pages/login-page', label: '/auth', limitBytes: AUTH_JS_LIMIT_BYTES }),
    routePreloads(),
    // Each script and stylesheet also written as .br (quality 11) and .gz (level 9), served as they
    // are (spa.ts, preCompressed): the server's on-the-fly brotli runs at a quality that costs little
    // CPU per request, 17% larger for React's chunk (ADR 0200). Only what the browser downloads
    // from assets/; index.html is rewritten per request.
    // Field mode (docs/decisions/0227): installable, and every signed-in page opens offline. Workbox
    // precaches the built shell and every chunk; a navigation goes to the network (the server writes
    // the user and preloads into each page) and falls back to the precached offline.html (above). The
    // worker is registered after load and a new one waits for the rep's tap (src/client/offline/).
    VitePWA({
      strategies: 'generateSW',
      injectRegister: false,
      registerType: 'prompt',
      includeAssets: ['favicon.png', 'apple-touch-icon.png'],
      manifest: {
        name: 'BOLD Portal',
        short_name: 'BOLD',
        description: 'BOLD Portal: stock, prices, samples and purchase orders.',
        start_url: '/dashboard',
        scope: '/',
        display: 'standalone',
        background_color: '#fafaf9',
        theme_color: '#1e4a8a',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: [OFFLINE_SHELL, 'assets/**/*.{js,css,woff2}', '*.{png,webmanifest}'],
        navigateFallback: null,
        cleanupOutdatedCaches: true,
        // The new worker takes the open tabs only when the rep taps Reload (skipWaiting by message):
        // every tab then reloads on the new shell, so no old page asks for an asset the new one removed.
        clientsClaim: true,
        skipWaiting: false,
        runtimeCaching: [
          {
            urlPattern: ({ request }) => request.mode === 'navigate',
            handler: 'NetworkOnly',
            options: { precacheFallback: { fallbackURL: OFFLINE_SHELL }, plugins: [NAVIGATION_DEADLINE] },
          },
        ],
      },
    }),
    compression({ include: /\.(js|css)$/, algorithms: ['brotliCompress', defineAlgorithm('gzip', { level: 9 })] }),
  ],
  build: {
    outDir: fileURLToPath(new URL('./dist/client', import.meta.url)),
    emptyOutDir: true,
    // No source maps in the build: they would publish the whole client source (security review).
    sourcemap: false,
    rollupOptions: {
      // Rollup merges chunks under 10 kB (icons, small helpers shared by a few pages) into a chunk
      // that loads with them when that changes no module's side effects: a page preloads about
      // half as many files (each one a request on a phone's network), for a few kB more (ADR 0152).
      output: {
        experimentalMinChunkSize: 10_000,
        // React and React DOM in a chunk of their own (ADR 0187): the first chunk every page loads
        // was named after whatever small module Rollup met first (`use-media-query-*.js`) and
        // carried the class merger too; a chunk that changes only with React also stays cached
        // across deploys.
        manualChunks(id) {
          return /node_modules\/(react|react-dom|scheduler)\//.test(id) ? 'react' : undefined;
        },
      },
      onwarn(warning, warn) {
        // zod ships /* @__PURE__ */ comments in places Rollup cannot use; harmless noise.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('node_modules')) return;
        warn(warning);
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:5000', '/price-list.pdf': 'http://localhost:5000' },
  },
});

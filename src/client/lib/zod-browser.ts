/*
 * What `import { z } from 'zod'` means in the browser build (vite.config.ts aliases the bare
 * `zod` specifier here): zod itself, configured before any contract module creates a schema.
 *
 * Zod compiles object parsers with `new Function` when it may, and probes for that when the
 * first object schema is created. The portal's Content Security Policy forbids eval, so the probe
 * was refused and logged a CSP violation on every page (a Lighthouse "issue"). Jitless, zod never
 * asks; the browser parses few objects and the interpreted parser is fast enough. The server
 * keeps the compiled parsers (it imports zod directly). ADR 0151.
 */
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';

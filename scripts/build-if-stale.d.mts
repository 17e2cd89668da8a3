/** Types of build-if-stale.mjs for the TypeScript callers (benchmarks, e2e setup). */
export function isStale(part: 'client' | 'server'): boolean;
export function buildClientIfStale(): void;
export function buildServerIfStale(): void;

export {};

/**
 * `npm run bench`: every benchmark in turn, each printing its own figures.
 * BENCH_ONLY=<name> runs one (e.g. BENCH_ONLY=stock-import).
 */
const BENCHES: Record<string, () => Promise<{ run: () => Promise<void> }>> = {
  'products-endpoint': () => import('./products-endpoint'),
  'stock-import': () => import('./stock-import'),
  'stock-page': () => import('./stock-page'),
};

const only = process.env.BENCH_ONLY;
for (const [name, load] of Object.entries(BENCHES)) {
  if (only && only !== name) continue;
  console.log(`\n== ${name}`);
  const { run } = await load();
  await run();
}

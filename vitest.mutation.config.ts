import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The unit tests of src/common/domain alone, for `npm run test:mutation` (Stryker).
 * No global setup: these rules are pure, so no PostgreSQL is started for each mutant run.
 */
export default defineConfig({
  resolve: {
    alias: {
      '@common': fileURLToPath(new URL('./src/common', import.meta.url)),
    },
  },
  test: {
    include: ['src/common/domain/**/*.test.ts'],
    pool: 'threads',
  },
});

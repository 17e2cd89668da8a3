// @ts-check
/**
 * `npm run test:mutation`: Stryker mutates the pure rules of src/common/domain and runs their
 * unit tests against each mutant, to show which rules the tests would let change unnoticed. Not in CI:
 * it takes minutes of CPU.
 * Concurrency 2: the machines this runs on have two cores shared with others.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts' },
  mutate: ['src/common/domain/**/*.ts', '!src/common/domain/**/*.test.ts'],
  // Each mutant runs only the tests that reached its code. A formatter built on first use
  // (onFirstUse) counts as reached by the first test only: that test must tell a mutant apart.
  coverageAnalysis: 'perTest',
  concurrency: 2,
  reporters: ['clear-text', 'progress', 'html'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};

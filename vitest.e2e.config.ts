import { defineConfig } from 'vitest/config';
import base from './vitest.config';

// Browser journeys: one production server for the run, files one after another
// (each drives a real Chromium, and the machines have two cores).
export default defineConfig({
  resolve: base.resolve,
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});

import { defineConfig } from 'vitest/config';
import { sharedTestOptions } from './vitest.config.js';

/**
 * `npm run test:reliability`: the fuzz of every public endpoint and the fault scenarios
 * (test/reliability/), against the same PostgreSQL and Redis as the rest. Scenarios take services
 * down through TCP proxies and kill processes, so files run one at a time.
 */
export default defineConfig({
  test: {
    ...sharedTestOptions,
    include: ['test/reliability/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 600_000,
    hookTimeout: 120_000,
  },
});

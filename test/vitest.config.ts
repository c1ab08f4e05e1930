import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Integration tests against the real PostgreSQL and Redis on 127.0.0.1. They use their own
 * database (TEST_DATABASE_URL, default convoqa_test), migrated once by global-setup.ts; every test
 * isolates itself with a fresh account (and its own Redis key prefix where it needs one).
 */
export const sharedTestOptions = {
  root: new URL('..', import.meta.url).pathname,
  globalSetup: ['test/support/global-setup.ts'],
  pool: 'forks' as const,
  env: {
    DATABASE_URL: process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/convoqa_test',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
    NODE_ENV: 'test',
    // Tests serve recordings and receive webhooks on 127.0.0.1: allowed by name (processes the
    // tests start inherit it); every other private address stays refused, as in production.
    ALLOW_PRIVATE_HOSTS: '127.0.0.1',
  },
};

export default defineConfig({
  test: {
    ...sharedTestOptions,
    include: ['test/**/*.test.ts'],
    // Fuzz and fault scenarios: `npm run test:reliability` (test/vitest.reliability.config.ts).
    exclude: ['test/reliability/**', '**/node_modules/**'],
    // Files run side by side (each isolates itself, see above). vitest's default is one file per
    // core minus one: on the 2-core CI machine, one file at a time, while most files wait on
    // PostgreSQL, Redis, child processes and the browser rather than use the CPU. At least three at
    // a time: 1,425 s -> 848 s there (docs/testing.md, "Run time"). TEST_MAX_WORKERS overrides it.
    maxWorkers: Number(process.env.TEST_MAX_WORKERS ?? Math.max(3, availableParallelism() - 1)),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

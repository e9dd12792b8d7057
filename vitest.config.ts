import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contracts', include: ['packages/contracts/src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // The files of a worker share one module graph: each file importing the whole server
          // afresh cost ~3 s (260 s of the suite's 570). No server module keeps state a test
          // could see (each app, cache and database is made by the test that uses it), and
          // the files still run one at a time in each worker.
          isolate: false,
        },
      },
      { test: { name: 'web', include: ['apps/web/src/**/*.test.ts'] } },
      { test: { name: 'scripts', include: ['scripts/**/*.test.ts'] } },
    ],
    // Two cores: two test files at a time, each with its own databases.
    maxWorkers: 2,
  },
});

import { defineConfig } from 'vitest/config';

// The unit, contract, integration and HTTP files share their worker's module instances (`isolate:
// false`): each file otherwise imports the whole service again (3-4 s a file on a 2-core machine, most of
// the run's idle time between files; the HTTP files alone took 440 s of a run's wall time isolated, 304 s
// shared). They keep no state between files (each test opens its own runtime on its own database, its
// own app). The end-to-end files, which start servers and browsers, keep a fresh module graph each.
const SHARED_MODULES = [
  'test/unit/**/*.test.ts',
  'test/contract/**/*.test.ts',
  'test/integration/**/*.test.ts',
  'test/http/**/*.test.ts',
];

export default defineConfig({
  test: {
    globalSetup: ['test/fixtures/global-setup.ts'],
    setupFiles: ['test/fixtures/setup-file.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    // CI also writes a JSON report, from which .ci/run prints its "N passed, N failed" line.
    reporters: process.env['CI']
      ? ['default', ['json', { outputFile: 'test-results/vitest.json' }]]
      : ['default'],
    projects: [
      {
        extends: true,
        test: { name: 'shared-modules', include: SHARED_MODULES, isolate: false },
      },
      {
        extends: true,
        test: {
          name: 'isolated',
          include: ['test/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
          exclude: [...SHARED_MODULES, '**/node_modules/**'],
        },
      },
    ],
  },
});

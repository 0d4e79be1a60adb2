import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/unit/setup.ts'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server',
          // The QA kit's scenarios (tests/kit) run here too: node, fake-indexeddb, the real server.
          include: ['tests/server/**/*.test.ts', 'tests/kit/**/*.test.ts'],
          environment: 'node',
          // Each file gets a fresh database; files run in parallel workers.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          // Each file starts its own server and browser; run them one after another.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A screen follows a tap within milliseconds here, within seconds on a loaded CI machine:
          // a poll that names no timeout of its own waits up to 10 s (vitest's default is 1 s).
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});

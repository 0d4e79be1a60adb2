import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The end-to-end files `npm test` runs one at a time, once the others have run two side by side
 * (most files spend their time waiting on a browser, a server or a proxy's tap, not on the CPU).
 * A file belongs here when what it proves leans on the machine being quiet:
 */
const ALONE_FILES = [
  // The page's CPU is throttled 20× and a tap must land on the kept screen before the live one takes over.
  'tests/e2e/device-reconnect.e2e.ts',
  // «Надіслати зараз» must reach the server within 2 s, and the drain after the outage is a figure it prints.
  'tests/e2e/edges-outbox.e2e.ts',
  // A cluster of server processes behind HAProxy on a temporary PostgreSQL, under member load: the
  // heaviest files, and the balancer's health checks run on their own clock.
  'tests/e2e/ops-balancer.e2e.ts',
  'tests/e2e/ops-outage.e2e.ts',
  // Long random sequences through every screen; it is the one that failed on CI under load before.
  'tests/e2e/trust-consistency.e2e.ts',
];

/**
 * Which end-to-end files run, and how many at once: `npm test` runs them in two passes
 * (scripts/test.ts), `E2E_PASS=side-by-side` (all but ALONE_FILES, two files at once) and then
 * `E2E_PASS=alone` (those, one at a time). Unset, as when a developer runs a file: one at a time.
 */
const e2ePass = process.env.E2E_PASS;
const e2eWorkers = e2ePass === 'side-by-side' ? 2 : 1;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          // Plain Node unless a file asks for a DOM (`// @vitest-environment jsdom` on its first line):
          // a DOM costs about half a second a file, and most files test the sync layer or the domain.
          environment: 'node',
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
          // Each file gets a fresh database; files run in parallel workers. A worker keeps its modules
          // from one file to the next (the server's per-process state is keyed by its database, so
          // servers of different files never share it): loading the server once a worker rather than
          // once a file saves about 90 s of the suite's time.
          isolate: false,
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: e2ePass === 'alone' ? ALONE_FILES : ['tests/e2e/**/*.e2e.ts'],
          exclude: [...configDefaults.exclude, ...(e2ePass === 'side-by-side' ? ALONE_FILES : [])],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          // Each file starts its own server (on a free port) and browser (its own profile).
          fileParallelism: e2eWorkers > 1,
          maxWorkers: e2eWorkers,
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

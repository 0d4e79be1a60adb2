import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const INPUTS = [
  'src',
  'sw',
  'public',
  'index.html',
  'vite.config.ts',
  'scripts/build',
  'package-lock.json',
  'tsconfig.json',
];
/** Where the build goes: `dist`, or `CLUB_DIST` (lets two checkouts' test runs build side by side). */
export const DIST = process.env.CLUB_DIST || 'dist';
const STAMP = join(DIST, '.build-stamp');

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, name)));
  return newest;
}

/** True when dist/ is missing or older than any of the app's sources. */
export function buildIsStale(): boolean {
  if (!existsSync(STAMP) || !existsSync(join(DIST, 'index.html'))) return true;
  const built = statSync(STAMP).mtimeMs;
  return INPUTS.some((p) => newestMtime(p) > built);
}

/** Runs `vite build` when the build is missing or stale (into an emptied folder: a file of an older build would be precached); returns whether it built. */
export function buildIfStale(env: NodeJS.ProcessEnv = process.env): boolean {
  if (!buildIsStale()) return false;
  console.log('[build] building the app (dist/ is missing or older than its sources)…');
  const r = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn', '--outDir', DIST, '--emptyOutDir'],
    {
      stdio: 'inherit',
      // A production build whoever starts it: vitest sets NODE_ENV=test, which would otherwise
      // give the e2e runs React's development runtime.
      env: { ...env, NODE_ENV: 'production' },
    },
  );
  if (r.status !== 0) throw new Error('vite build failed');
  writeFileSync(STAMP, new Date().toISOString());
  return true;
}

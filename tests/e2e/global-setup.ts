import { renameSync } from 'node:fs';
import { buildIfStale } from '../../scripts/build-if-stale';
import { buildServer, SERVER_BUNDLE } from '../../scripts/ops/cluster';
import { findChromium } from './support/chromium';

/**
 * Once before the end-to-end files: the system Chromium must exist, the app's build must be
 * current, and the server is bundled afresh (esbuild, about a second) for every file to start.
 * The bundle is written beside and then renamed into place, so a server another run of this
 * checkout starts meanwhile reads the old file or the new one, never half of one.
 */
export default function setup(): void {
  findChromium();
  buildIfStale();
  const fresh = `${SERVER_BUNDLE}.${process.pid}.mjs`;
  buildServer(fresh);
  renameSync(fresh, SERVER_BUNDLE);
}

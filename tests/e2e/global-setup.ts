import { buildIfStale } from '../../scripts/build-if-stale';
import { buildServer } from '../../scripts/ops/cluster';
import { findChromium } from './support/chromium';

/**
 * Once before the end-to-end files: the system Chromium must exist, the app's build must be
 * current, and the server is bundled afresh (esbuild, about a second) for every file to start.
 */
export default function setup(): void {
  findChromium();
  buildIfStale();
  buildServer();
}

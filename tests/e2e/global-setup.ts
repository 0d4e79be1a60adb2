import { buildIfStale } from '../../scripts/build-if-stale';
import { findChromium } from './support/chromium';

/** Once before the end-to-end files: the system Chromium must exist, and the build must be current. */
export default function setup(): void {
  findChromium();
  buildIfStale();
}

import type { ManifestOptions } from 'vite-plugin-pwa';
import { manifestFor } from '../../domain/club/brand.ts';

/**
 * The web app manifest the build writes to /manifest.json (docs/rules.md#screens "Install"): the glo one. The
 * server answers /manifest.json itself (server/routes/system/manifest.ts) with the ogo one on
 * the ogo host, and to `?brand=ogo`, where the page points its manifest link for an ogo member.
 */
export const appManifest: Partial<ManifestOptions> = manifestFor('glo');

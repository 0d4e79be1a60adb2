import { createHash } from 'node:crypto';
import { CONFIG_REVISION_TOKEN, clubConfigTag, type ClubConfig } from '../src/domain/club/club-config';
import type { Config } from './config';
import { providersOf } from './providers';

/**
 * What the app gets of this server's settings (src/domain/club/club-config.ts): the API key it sends,
 * the ogo host, the test phones (none where test-login is off, so the app asks for an SMS code at
 * once), the free-shipping thresholds and the velo promo text. Nothing here is secret: the app
 * shows or sends all of it.
 */
export function pageConfigOf(config: Config): ClubConfig {
  return {
    apiKey: config.API_KEY,
    ogoHost: config.OGO_HOST,
    testPhones: providersOf(config).testLogin ? config.testPhones : [],
    freeShipping: { glo: config.FREE_SHIPPING_GLO, ogo: config.FREE_SHIPPING_OGO },
    veloPromo: config.VELO_PROMO_CODE,
  };
}

/** index.html's empty tag, carried into every HTML file of the build. */
const EMPTY_TAG = /<meta name="club-config" content=""\s*\/?>/;

/**
 * Rewrites a built file as this deployment serves it, or null when it stays as built: every HTML
 * file gets the settings in its club-config tag (HTML-escaped JSON: no inline script, so the
 * page policy stays as it is), and the service worker's precache names each HTML file with a
 * fingerprint of them (CONFIG_REVISION_TOKEN), so a change of settings reaches installed apps as a
 * new version instead of staying frozen in the pages they precached.
 */
export function pageRewriter(config: ClubConfig): (path: string, body: Buffer) => Buffer | null {
  const tag = clubConfigTag(config);
  const fingerprint = createHash('sha256').update(tag).digest('hex').slice(0, 16);
  return (path, body) => {
    if (path.endsWith('.html')) {
      const html = body.toString('utf8');
      return EMPTY_TAG.test(html) ? Buffer.from(html.replace(EMPTY_TAG, tag)) : null;
    }
    if (path === '/sw.js') {
      const js = body.toString('utf8');
      return js.includes(CONFIG_REVISION_TOKEN)
        ? Buffer.from(js.replaceAll(CONFIG_REVISION_TOKEN, `-${fingerprint}`))
        : null;
    }
    return null;
  };
}

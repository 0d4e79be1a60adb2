import { CLUB_CONFIG_META, clubConfigContent, parseClubConfig, type ClubConfig } from '../domain/club/club-config';
import { FREE_SHIPPING_DEFAULTS } from '../domain/cart/free-shipping';

/*
 * The deployment's settings as this page (or the service worker's shell) received them
 * (src/domain/club/club-config.ts). Only code that runs in the browser reads this file (it touches
 * `import.meta.env`), so that code shared with Node tests never does. Reading it makes no request.
 */

const env = import.meta.env as Record<string, string | undefined>;

function amount(raw: string | undefined, fallback: number): number {
  const n = Number(raw);
  return raw && Number.isFinite(n) && n >= 0 ? n : fallback;
}

/**
 * The build's values (VITE_* at build time, else the server's defaults): what applies where no
 * server filled the page's club-config tag (`npm run dev`'s Vite server, a plain static host).
 */
export const builtConfig: ClubConfig = {
  apiKey: env.VITE_API_KEY ?? 'dev-public-key',
  ogoHost: env.VITE_OGO_HOST ?? '',
  testPhones: (env.VITE_TEST_PHONES ?? '380500000001,380500000002')
    .split(',')
    .map((p) => p.replace(/\D/g, ''))
    .filter(Boolean),
  freeShipping: {
    glo: amount(env.VITE_FREE_SHIPPING_GLO, FREE_SHIPPING_DEFAULTS.glo),
    ogo: amount(env.VITE_FREE_SHIPPING_OGO, FREE_SHIPPING_DEFAULTS.ogo),
  },
  // Resolved by the shop (features/shop/velo/config.ts): velo-promo.ts here would bring the
  // catalogue's rules into every first screen.
  veloPromo: env.VITE_VELO_PROMO_CODE?.trim() ?? '',
};

/** The page's document; none in the service worker and the build's prerender (this file is typed for both). */
const page = (
  globalThis as { document?: { querySelector(selector: string): { getAttribute(name: string): string | null } | null } }
).document;

/** The page's settings: its club-config tag as the server filled it, read once before the first render. */
export const clubConfig: ClubConfig = parseClubConfig(
  page?.querySelector(`meta[name="${CLUB_CONFIG_META}"]`)?.getAttribute('content'),
  builtConfig,
);

/** The settings in an HTML text (the service worker's precached shell), else the build's. */
export const configOfHtml = (html: string | null): ClubConfig =>
  parseClubConfig(html === null ? null : clubConfigContent(html), builtConfig);

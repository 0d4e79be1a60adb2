/**
 * The deployment's settings the app needs, given at run time by the server that serves it (so one
 * build, one image, serves every deployment): the server writes them into every HTML page it
 * serves as `<meta name="club-config" content="{json}">` (server/page-config.ts), the page reads
 * them synchronously before its first render, and the service worker reads them from the shell it
 * precached. Where no server filled the tag (Vite's dev server, a plain static host) the build's
 * own values apply.
 */
export interface ClubConfig {
  /** Sent as `x-api-key` on every call (server: API_KEY). */
  apiKey: string;
  /** The host on which the app runs as ogo (server: OGO_HOST); '' for none. */
  ogoHost: string;
  /** docs/rules.md#roles allow-list that signs in without SMS (server: TEST_PHONES; empty where test-login is off). */
  testPhones: readonly string[];
  /** docs/rules.md#constants free-shipping thresholds, UAH (server: FREE_SHIPPING_GLO, FREE_SHIPPING_OGO). */
  freeShipping: { glo: number; ogo: number };
  /** docs/rules.md#constants velo promo text (server: VELO_PROMO_CODE); '' for the default (src/domain/cart/velo-promo.ts). */
  veloPromo: string;
}

/** The meta tag's name. index.html carries it empty; the server fills it. */
export const CLUB_CONFIG_META = 'club-config';

/**
 * The build appends this to the precache revision of every HTML file (scripts/build/precache-groups.ts)
 * and the server replaces it in sw.js with a fingerprint of its settings: a deployment whose
 * settings change gets a new service worker, which fetches its pages again, instead of keeping
 * pages that carry the old settings.
 */
export const CONFIG_REVISION_TOKEN = '~club-config~';

const str = (v: unknown): v is string => typeof v === 'string';
const amount = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;

/**
 * The settings a meta tag's content holds, each field checked, any missing or malformed one
 * taken from `fallback` (a page from an older server, or none at all). Checked by hand, not by
 * zod: this runs before the first screen, which loads no zod.
 */
export function parseClubConfig(content: string | null | undefined, fallback: ClubConfig): ClubConfig {
  let raw: Record<string, unknown> = {};
  try {
    const parsed: unknown = content ? JSON.parse(content) : null;
    if (parsed && typeof parsed === 'object') raw = parsed as Record<string, unknown>;
  } catch {
    // A broken tag is no tag: the build's values.
  }
  const ship = (raw.freeShipping ?? {}) as Record<string, unknown>;
  return {
    apiKey: str(raw.apiKey) && raw.apiKey ? raw.apiKey : fallback.apiKey,
    ogoHost: str(raw.ogoHost) ? raw.ogoHost : fallback.ogoHost,
    testPhones: Array.isArray(raw.testPhones) && raw.testPhones.every(str) ? raw.testPhones : fallback.testPhones,
    freeShipping: {
      glo: amount(ship.glo) ? ship.glo : fallback.freeShipping.glo,
      ogo: amount(ship.ogo) ? ship.ogo : fallback.freeShipping.ogo,
    },
    veloPromo: str(raw.veloPromo) && raw.veloPromo ? raw.veloPromo : fallback.veloPromo,
  };
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#39;': "'", '&lt;': '<', '&gt;': '>' };

/** The content of an HTML text's club-config tag as written by the server (the worker reads its precached shell), or null. */
export function clubConfigContent(html: string): string | null {
  const m = /<meta name="club-config" content="([^"]*)"/.exec(html);
  return m ? m[1]!.replace(/&(?:amp|quot|#39|lt|gt);/g, (e) => ENTITIES[e]!) : null;
}

/** The filled tag: JSON, escaped for a double-quoted attribute. */
export function clubConfigTag(config: ClubConfig): string {
  const json = JSON.stringify(config).replace(
    /[&"'<>]/g,
    (c) => ({ '&': '&amp;', '"': '&quot;', "'": '&#39;', '<': '&lt;', '>': '&gt;' })[c]!,
  );
  return `<meta name="${CLUB_CONFIG_META}" content="${json}" />`;
}

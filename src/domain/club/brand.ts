/**
 * Brand naming (docs/rules.md#screens): the club is «Клуб glo» on the main variant and «Клуб ogo» on the
 * second, in the installed app's name, the share text, the page titles and the menu. Which one
 * applies is the member's variant (the variant switch), or the host (OGO_HOST / VITE_OGO_HOST)
 * before anyone signs in.
 */
export type Brand = 'glo' | 'ogo';

/** «Клуб glo», «Клуб ogo». */
export function clubName(brand: Brand): string {
  return `Клуб ${brand}`;
}

/** The brand of a host: ogo on the second variant's own host, glo anywhere else. */
export function brandOfHost(host: string, ogoHost: string | undefined | null): Brand {
  return ogoHost && host.toLowerCase() === ogoHost.toLowerCase() ? 'ogo' : 'glo';
}

/** The browser-chrome colour of each brand (theme.css `--chrome`), for the manifest. */
const CHROME: Record<Brand, string> = { glo: '#141216', ogo: '#0d2823' };

/** The web app manifest's fields that the brand decides (the rest is the same for both). */
export interface BrandManifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  lang: string;
  dir: 'ltr';
  start_url: string;
  scope: string;
  display: 'standalone';
  orientation: 'portrait';
  background_color: string;
  theme_color: string;
  categories: string[];
  icons: Array<{ src: string; sizes: string; type: string; purpose: 'any' | 'maskable' }>;
}

/** The web app manifest of a brand (docs/rules.md#screens "Install": served at /manifest.json). */
export function manifestFor(brand: Brand): BrandManifest {
  return {
    id: '/',
    name: `${clubName(brand)} — бонуси, магазин і сканування`,
    short_name: clubName(brand),
    description:
      'Клуб лояльності для повнолітніх: каталог і кошик, замовлення з доставкою, XP-бонуси за сканування кодів, сертифікати партнерів і запрошення друзів.',
    lang: 'uk',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    background_color: CHROME[brand],
    theme_color: CHROME[brand],
    categories: ['shopping', 'lifestyle'],
    icons: [
      { src: brandAsset('/icons/icon-192.png', brand), sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: brandAsset('/icons/icon-512.png', brand), sizes: '512x512', type: 'image/png', purpose: 'any' },
      {
        src: brandAsset('/icons/icon-maskable-512.png', brand),
        sizes: '512x512',
        type: 'image/png',
        purpose: 'maskable',
      },
    ],
  };
}

/** The brand's own files in place of glo's (scripts/make-icons.ts draws both): the icons and the favicon. */
const OGO_ASSETS: Record<string, string> = {
  '/favicon.svg': '/favicon-ogo.svg',
  '/icons/icon-192.png': '/icons/ogo-icon-192.png',
  '/icons/icon-512.png': '/icons/ogo-icon-512.png',
  '/icons/icon-maskable-512.png': '/icons/ogo-icon-maskable-512.png',
};

/** A glo icon's path as the brand has it: the ogo one for ogo, the same path otherwise. */
export function brandAsset(path: string, brand: Brand): string {
  return brand === 'ogo' ? (OGO_ASSETS[path] ?? path) : path;
}

/** Where the page's manifest link points for a brand: the build's own file for glo, the server's ogo answer otherwise. */
export function manifestHref(brand: Brand): string {
  return brand === 'ogo' ? '/manifest.json?brand=ogo' : '/manifest.json';
}

/** The share text of docs/rules.md#screens for a brand: it promotes the app (the link carries the code). */
export function shareText(brand: Brand): { title: string; text: string } {
  return {
    title: clubName(brand),
    text: `Приєднуйся до клубу ${brand}: бонуси XP за покупки та сканування, новинки й подарунки. Лише для повнолітніх.`,
  };
}

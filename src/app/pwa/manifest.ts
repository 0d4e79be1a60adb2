import type { ManifestOptions } from 'vite-plugin-pwa';

/** The web app manifest, served at /manifest.json (spec §2 "Install"). */
export const appManifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'Клуб glo — бонуси, магазин і сканування',
  short_name: 'Клуб glo',
  description:
    'Клуб лояльності для повнолітніх: каталог і кошик, замовлення з доставкою, XP-бонуси за сканування кодів, сертифікати партнерів і запрошення друзів.',
  lang: 'uk',
  dir: 'ltr',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  orientation: 'portrait',
  background_color: '#0f0f14',
  theme_color: '#0f0f14',
  categories: ['shopping', 'lifestyle'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};

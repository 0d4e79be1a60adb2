import { SHOP_DETAIL_LISTS } from './shop-lists';

const SHOP = 'src/features/shop';

/**
 * Screens with their own page module: route path → source file. Plain data, so tools (the
 * bundle benchmark) can read it; every other route shows its feature's page frame.
 */
export const PAGE_SOURCES: Record<string, string> = {
  '/': 'src/features/home/home-page.tsx',
  '/is18': 'src/features/auth/is18-page.tsx',
  // Members: sign-in, registration, age check, profile, content pages, landing, QR.
  '/auth': 'src/features/auth/auth-page.tsx',
  '/registration': 'src/features/auth/registration-page.tsx',
  '/user-agreement': 'src/features/content-pages/user-agreement-page.tsx',
  '/rules': 'src/features/content-pages/rules-page.tsx',
  '/landing': 'src/features/landing/landing-page.tsx',
  '/qr': 'src/features/qr/qr-page.tsx',
  '/verification': 'src/features/verification/verification-page.tsx',
  '/verification/other': 'src/features/verification/verification-other-page.tsx',
  '/profile': 'src/features/profile/profile-page.tsx',
  '/profile/referral': 'src/features/profile/referral-page.tsx',
  '/shop': `${SHOP}/shop-page.tsx`,
  '/shop/cart': `${SHOP}/cart-page.tsx`,
  '/shop/favorite': `${SHOP}/favorite-page.tsx`,
  '/shop/choose-velo': `${SHOP}/choose-velo-page.tsx`,
  // Every list route shares one page module, and every detail route another.
  ...Object.fromEntries(SHOP_DETAIL_LISTS.map((list) => [`/shop/${list}`, `${SHOP}/list-page.tsx`])),
  ...Object.fromEntries(SHOP_DETAIL_LISTS.map((list) => [`/shop/${list}/:id`, `${SHOP}/product-page.tsx`])),
};

export const FRAME_SOURCE = 'src/features/frames/frame-page.tsx';

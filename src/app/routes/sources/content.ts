const CP = 'src/features/content-pages';

/** Content and support: news, FAQ, vocabulary, stores, offers, support, and the pages built from content pages. */
export const CONTENT_PAGES: Record<string, string> = {
  '/faq': 'src/features/faq/faq-page.tsx',
  '/news': 'src/features/news/news-page.tsx',
  '/news/:newsId': 'src/features/news/news-item-page.tsx',
  '/vocabulary': 'src/features/vocabulary/vocabulary-page.tsx',
  '/vocabulary/velo': 'src/features/vocabulary/vocabulary-page.tsx',
  '/vocabulary/ogo-club': 'src/features/vocabulary/vocabulary-page.tsx',
  '/glo-studio': 'src/features/stores/glo-studio-page.tsx',
  '/offers': 'src/features/offers/offers-page.tsx',
  '/support': 'src/features/support/support-page.tsx',
  '/go-buy': `${CP}/go-buy-page.tsx`,
  '/why-ogo': `${CP}/why-ogo-page.tsx`,
  '/invite-friend/offer': `${CP}/invite-offer-page.tsx`,
  '/promo': `${CP}/promo-page.tsx`,
  '/test-drive': `${CP}/test-drive-page.tsx`,
  '/test-drive/velo': `${CP}/test-drive-velo-page.tsx`,
};

/** Content and support: news, FAQ, vocabulary, stores, offers, support. */
export const CONTENT_PAGES: Record<string, string> = {};

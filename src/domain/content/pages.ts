/**
 * The configured content pages of docs/api.md#content `content/get-page-by-id` (docs/rules.md#constants: "content page ids
 * are configured"). One id per page; a page may have a glo and an ogo version, picked by the
 * call's `{product}` flag (`ogo`), and falls back to the common version when it has no
 * version of its own for that variant.
 */
export const CONTENT_PAGES = {
  /** /faq: questions and answers about the club; glo and ogo versions. */
  faq: 1001,
  /** /rules: club rules; only for age-verified members (docs/rules.md#screens, docs/rules.md#roles). */
  clubRules: 1002,
  /** /user-agreement: readable without signing in (docs/rules.md#screens layout "forall"). */
  userAgreement: 1003,
  /** /invite-friend/faq. */
  inviteFaq: 1004,
  /** /subscription/about. */
  subscriptionAbout: 1005,
  /** /subscription/faq. */
  subscriptionFaq: 1006,
  /** /glo-studio: about the brand stores. */
  gloStudio: 1007,
  /** /verification, /verification/other: how the age check works. */
  verificationHelp: 1008,
  /** /go-buy: where to buy, online and in stores; glo and ogo versions. */
  goBuy: 1009,
  /** /why-ogo: why the ogo club (docs/rules.md#screens navigation "why-ogo"); readable before signing in, from the landing. */
  whyOgo: 1010,
  /** /invite-friend/offer: the invite-a-friend offer and its terms (docs/rules.md#screens "invite-friend offer"). */
  inviteOffer: 1011,
  /** /promo: the velo promo code of the second variant (docs/rules.md#screens "promo", docs/rules.md#constants VELO-20%). */
  veloPromo: 1012,
  /** /test-drive: trying a device in a brand store (docs/rules.md#screens "test-drive sub-pages"). */
  testDrive: 1013,
  /** /test-drive/velo: the velo pouches test drive (docs/rules.md#entities User (velo) showTdSlide, tdMultipass). */
  veloTestDrive: 1014,
} as const;

export type ContentPageKey = keyof typeof CONTENT_PAGES;

/** Who may read a page: anyone with the API key, any signed-in member, or age-verified members only. */
export type ContentAccess = 'public' | 'member' | 'verified';

/** Access level of each page; the server enforces it. */
export const CONTENT_ACCESS: Record<ContentPageKey, ContentAccess> = {
  faq: 'member',
  clubRules: 'verified',
  userAgreement: 'public',
  inviteFaq: 'member',
  subscriptionAbout: 'member',
  subscriptionFaq: 'member',
  gloStudio: 'member',
  verificationHelp: 'member',
  goBuy: 'member',
  whyOgo: 'public',
  inviteOffer: 'member',
  veloPromo: 'member',
  testDrive: 'member',
  veloTestDrive: 'member',
};

/** The page key of a configured id, or null for an id that names no page. */
export function contentPageKey(id: number): ContentPageKey | null {
  for (const [key, value] of Object.entries(CONTENT_PAGES)) if (value === id) return key as ContentPageKey;
  return null;
}

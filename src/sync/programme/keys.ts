/**
 * The `docs` keys of the programme screens, apart from their pullers: screens read these at first
 * paint, and the pullers (with the API layer) load only when a screen asks for a pull.
 */

export const CERT_DOCS = {
  categories: 'cert-cats',
  message: (categoryId?: number) => (categoryId ? `cert-message:${categoryId}` : 'cert-message'),
  partners: (categoryId: number) => `cert-partners:${categoryId}`,
  list: 'cert-list',
  /** Codes revealed by the PIN, kept only while the PIN token lives. */
  codes: 'cert-codes',
} as const;

export const INVITE_DOCS = {
  faq: 'invite-faq',
  rules: 'invite-rules',
  /** The velo discount code and the member's REW- code of the velo link (get-velo-mgm). */
  velo: 'invite-velo',
} as const;

export const FEEDBACK_DOCS = {
  /** The member's own feedback as the server holds it (feedback/get-list). */
  list: 'feedback-list',
  /** One photo of it as a data URL (feedback/get-photo, bearer only). */
  photo: (id: number) => `feedback-photo:${id}`,
} as const;

export const SUB_DOCS = { plans: 'sub-plans', state: 'sub-state', history: 'sub-history' } as const;

/** Kinds of the subscription changes (src/sync/mutations/programme/subscription-changes.ts). */
export const SUBSCRIPTION_KINDS = [
  'subscription-subscribe',
  'subscription-pause',
  'subscription-resume',
  'subscription-cancel',
] as const;

export const MARATHON_DOCS = {
  marathon: 'marathon',
  quiz: 'quiz',
  /** Answers given on this device, with where each stands (see mutations/programme/marathon-answer.ts). */
  local: 'quiz-local',
} as const;

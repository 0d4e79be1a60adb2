/** Club programmes: certificates, invite a friend, feedback, subscription, marathon. */
export const PROGRAMME_PAGES: Record<string, string> = {
  '/certificates': 'src/features/certificates/certificates-page.tsx',
  '/certificates/my-list': 'src/features/certificates/my-list-page.tsx',
  '/invite-friend': 'src/features/invite/invite-page.tsx',
  '/invite-friend/faq': 'src/features/invite/faq-page.tsx',
  '/invite-friend/velo': 'src/features/invite/velo-page.tsx',
  '/invite-friend/calculator': 'src/features/invite/calculator-page.tsx',
  '/feedback': 'src/features/feedback/feedback-page.tsx',
  '/subscription': 'src/features/subscription/subscription-page.tsx',
  '/subscription/about': 'src/features/subscription/about-page.tsx',
  '/subscription/faq': 'src/features/subscription/faq-page.tsx',
  '/subscription/history': 'src/features/subscription/history-page.tsx',
  '/marathon': 'src/features/marathon/marathon-page.tsx',
  '/marathon/quiz': 'src/features/marathon/quiz-page.tsx',
};

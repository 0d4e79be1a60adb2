/** Club programmes: certificates, invite a friend, feedback, subscription, marathon. */
export const PROGRAMME_PAGES: Record<string, string> = {
  '/certificates': 'src/features/certificates/certificates-page.tsx',
  '/certificates/my-list': 'src/features/certificates/my-list-page.tsx',
  '/invite-friend': 'src/features/invite/invite-page.tsx',
  '/invite-friend/faq': 'src/features/invite/faq-page.tsx',
  '/invite-friend/velo': 'src/features/invite/velo-page.tsx',
  '/invite-friend/calculator': 'src/features/invite/calculator-page.tsx',
};

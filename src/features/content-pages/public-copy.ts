/**
 * The words of the pages a visitor reads before signing in (/user-agreement, /why-ogo), apart
 * from ./copy so that their first paint loads no more than its own page.
 */
export const PUBLIC_COPY = {
  agreementLead: 'Умови користування клубом і застосунком.',
  whyOgoLead: 'Чому варто приєднатися до клубу ogo.',
};

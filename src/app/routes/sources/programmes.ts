/** Club programmes: certificates, invite a friend, feedback, subscription, marathon. */
export const PROGRAMME_PAGES: Record<string, string> = {};

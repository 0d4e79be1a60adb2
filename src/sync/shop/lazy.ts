/**
 * The shop actions (./actions.ts), loaded at the first tap. The service worker precaches the
 * chunk, so the first tap works offline as well.
 */
export const shopActions = () => import('./actions');

/**
 * The checkout actions (./actions.ts), loaded on first use. The service worker
 * precaches the chunk, so the first use works offline as well.
 */
export const checkoutActions = () => import('./actions');

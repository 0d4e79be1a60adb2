/**
 * The programme actions, each loaded on first use (the pattern of ./member-actions-lazy.ts):
 * they bring the API layer and its schemas, which no route's first paint needs. The service
 * worker precaches the chunks, so a first use works offline as well.
 */
export const certActions = () => import('./programme-actions-cert');
export const inviteActions = () => import('./programme-actions-invite');
export const feedbackActions = () => import('./programme-actions-feedback');
export const subscriptionActions = () => import('./programme-actions-subscription');
export const marathonActions = () => import('./programme-actions-marathon');

/**
 * The programme actions, each loaded on first use (the pattern of ../member/lazy.ts):
 * they bring the API layer and its schemas, which no route's first paint needs. The service
 * worker precaches the chunks, so a first use works offline as well.
 */
export const programmeActions = () => import('./actions');
export const certActions = () => import('./cert');
export const inviteActions = () => import('./invite');
export const feedbackActions = () => import('./feedback');
export const subscriptionActions = () => import('./subscription');
export const marathonActions = () => import('./marathon');

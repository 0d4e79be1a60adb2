/**
 * The content and support actions (./actions.ts), loaded on first use rather than with a
 * screen's first paint. The service worker precaches the chunk, so the first use works offline too.
 */
export const contentActions = () => import('./actions');

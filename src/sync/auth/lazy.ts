/**
 * The sign-in and registration actions (./actions.ts) with the page's environment, loaded when the
 * member first acts rather than with the screen: they bring the API layer and its schemas (about
 * 20 KB gzipped), and the screen must paint within the entry budget. The service worker precaches
 * the chunk, so it loads offline too.
 */
export const authActions = () =>
  Promise.all([import('./actions'), import('./env')]).then(([auth, { authEnv }]) => ({ ...auth, authEnv }));

/**
 * The sign-in and registration actions, loaded when the member first acts rather than with the
 * screen: they bring the API layer and its schemas (a large share of the bytes), and the screen must
 * paint within the entry budget. The service worker precaches the chunk, so it loads offline too.
 */
export const authActions = () =>
  Promise.all([import('../../sync/auth/actions'), import('../../sync/auth/env')]).then(([auth, { authEnv }]) => ({ ...auth, authEnv }));

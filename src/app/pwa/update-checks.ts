/** docs/rules.md#constants: the build check, once an hour. */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * docs/rules.md#states, docs/rules.md#constants: the version is checked at most once per 5 minutes; so is the build when the app is
 * shown again or the network returns (a member who switches back to the app a minute after a
 * check asks the server for nothing new).
 */
export const UPDATE_GAP_MS = 5 * 60 * 1000;

export interface UpdateCheckEnv {
  /** Asks the server for the service worker's script (`registration.update()`). */
  check(): Promise<unknown>;
  online(): boolean;
  /** Epoch ms. */
  now(): number;
  doc: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;
  win: Pick<Window, 'addEventListener' | 'removeEventListener' | 'setInterval' | 'clearInterval'>;
}

/**
 * Looks for a new build of the app while it is open: every hour, and whenever it is shown again
 * or the network returns, at most once per UPDATE_GAP_MS (the registration itself has just
 * looked). A new build found waits for «Оновити» (./register.ts). Returns the removal.
 */
export function watchForNewBuild(env: UpdateCheckEnv): () => void {
  let last = env.now();
  const look = () => {
    if (!env.online() || env.now() - last < UPDATE_GAP_MS) return;
    last = env.now();
    void env.check().catch(() => undefined);
  };
  const onVisible = () => {
    if (env.doc.visibilityState === 'visible') look();
  };
  env.doc.addEventListener('visibilitychange', onVisible);
  env.win.addEventListener('online', look);
  const timer = env.win.setInterval(look, UPDATE_CHECK_MS);
  return () => {
    env.doc.removeEventListener('visibilitychange', onVisible);
    env.win.removeEventListener('online', look);
    env.win.clearInterval(timer);
  };
}

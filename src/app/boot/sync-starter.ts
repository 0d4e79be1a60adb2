/** The window's part a starter listens on (a test passes its own). */
type OnlineEvents = Pick<Window, 'addEventListener'>;

/**
 * Starts the sync engine once however many ask (the boot, a screen's first action): `load` runs
 * at the first call, later calls share its promise. A start that failed (the engine's code could
 * not be fetched: offline before the service worker had it) is forgotten, so the next need tries
 * again, and is tried again by itself when the browser comes back online: without the engine
 * nothing replays the changes the member queued offline.
 */
export function syncStarter<T>(load: () => Promise<T>, win: OnlineEvents = window): () => Promise<T> {
  let starting: Promise<T> | null = null;
  // Offline again meanwhile: this one fails and waits for the next `online`.
  const retry = () => void start().catch(() => undefined);
  const start = (): Promise<T> =>
    (starting ??= load().catch((e: unknown) => {
      starting = null;
      // However many starts fail before it fires, one retry: the same listener is registered once.
      win.addEventListener('online', retry, { once: true });
      throw e;
    }));
  return start;
}

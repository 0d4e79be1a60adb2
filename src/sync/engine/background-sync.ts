/** Background Sync tag of the outbox (Chromium): the service worker replays on it. */
export const OUTBOX_SYNC_TAG = 'club-outbox';

/** The parts of a ServiceWorkerContainer used here; Background Sync types are not in TS's DOM lib. */
interface SyncCapableContainer {
  ready: Promise<{ sync?: { register(tag: string): Promise<void> } }>;
}

/**
 * Asks the browser to wake the service worker when the network returns. Chromium only: Safari
 * and Firefox have no Background Sync, and the in-page triggers then do the work alone. Never throws.
 */
export async function requestBackgroundSync(
  container: SyncCapableContainer | undefined = (
    globalThis.navigator as { serviceWorker?: SyncCapableContainer } | undefined
  )?.serviceWorker,
): Promise<boolean> {
  try {
    const reg = await container?.ready;
    if (!reg?.sync) return false;
    await reg.sync.register(OUTBOX_SYNC_TAG);
    return true;
  } catch {
    return false;
  }
}

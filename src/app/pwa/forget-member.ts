import { SCREENS_CACHE } from '../snapshot/store';
import { announceLogout } from './logout-channel';
import { FORGET_MEMBER_MESSAGE } from './logout-protocol';

/** How long a logout waits, at most, for the service worker to say it has dropped its copies (ms). */
export const WORKER_ANSWER_MS = 2000;

/**
 * The logout's part outside the database and the storages (src/sync/auth/logout.ts), run last,
 * once the cookies, the stores and the storages are cleared: the other open tabs are told (they
 * leave the member's screens), the kept screens' Cache Storage copy goes, and the service worker
 * drops its own copies.
 */
export async function forgetMemberCopies(): Promise<void> {
  announceLogout();
  await Promise.all([typeof caches === 'undefined' ? undefined : caches.delete(SCREENS_CACHE), tellWorker()]);
}

/** Asks the active service worker to forget the member; true once it answered within `waitMs`. */
export async function tellWorker(
  container: ServiceWorkerContainer | undefined = globalThis.navigator?.serviceWorker,
  waitMs = WORKER_ANSWER_MS,
): Promise<boolean> {
  const worker = container?.controller ?? (await container?.getRegistration().catch(() => undefined))?.active;
  if (!worker) return false;
  const { port1, port2 } = new MessageChannel();
  const answered = new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), waitMs);
    port1.onmessage = () => {
      clearTimeout(timer);
      resolve(true);
    };
  });
  worker.postMessage({ type: FORGET_MEMBER_MESSAGE }, [port2]);
  const ok = await answered;
  port1.close();
  return ok;
}

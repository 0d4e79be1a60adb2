import { SKIP_WAITING_MESSAGE } from './update-protocol';

/** How long «Оновити» waits for the new version to take over before it reloads anyway (ms). */
export const TAKE_OVER_WAIT_MS = 10_000;

/** sessionStorage: «Оновити» was tapped and the page reloaded for it (read once by the next start). */
export const UPDATE_TRIED_KEY = 'updateTried';

export interface ApplyEnv {
  /** The new version, if one waits. */
  waiting: ServiceWorker | null;
  container: Pick<ServiceWorkerContainer, 'addEventListener' | 'removeEventListener'>;
  storage: Pick<Storage, 'setItem'>;
  reload(): void;
  setTimer?: (fn: () => void, ms: number) => unknown;
}

/**
 * «Оновити»: asks the waiting new version to take over, waits until it controls the page (or has
 * activated, or failed) for at most TAKE_OVER_WAIT_MS, and reloads in every case, noting the try:
 * the page then starts on the new build, or, when it still waits behind the old one, says why
 * (./register.ts, `updateOutcome`). The member never keeps tapping a button that does nothing.
 */
export async function applyUpdate(env: ApplyEnv): Promise<void> {
  const setTimer = env.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  try {
    env.storage.setItem(UPDATE_TRIED_KEY, '1');
  } catch {
    // Storage unavailable: the reload still happens, the outcome is simply not told.
  }
  const worker = env.waiting;
  if (worker) {
    await new Promise<void>((resolve) => {
      const done = () => {
        env.container.removeEventListener('controllerchange', done);
        worker.removeEventListener('statechange', onState);
        resolve();
      };
      const onState = () => {
        if (worker.state === 'activated' || worker.state === 'redundant') done();
      };
      env.container.addEventListener('controllerchange', done);
      worker.addEventListener('statechange', onState);
      setTimer(done, TAKE_OVER_WAIT_MS);
      worker.postMessage({ type: SKIP_WAITING_MESSAGE });
    });
  }
  env.reload();
}

/**
 * At start, after a reload «Оновити» asked for: 'done' on the new build, 'stuck' when a new
 * version still waits behind the one running (it could not take over while the app is open),
 * 'none' when no update was tried. Forgets the try.
 */
export function updateOutcome(
  storage: Pick<Storage, 'getItem' | 'removeItem'>,
  stillWaiting: boolean,
): 'none' | 'done' | 'stuck' {
  let tried: boolean;
  try {
    tried = storage.getItem(UPDATE_TRIED_KEY) !== null;
    storage.removeItem(UPDATE_TRIED_KEY);
  } catch {
    return 'none';
  }
  if (!tried) return 'none';
  return stillWaiting ? 'stuck' : 'done';
}

import { whenIdle } from './pictures';
import {
  connectionVerdict,
  PRECACHE_LATER_MESSAGE,
  type ConnectionLike,
  type PrecacheLaterMessage,
  type PrecacheLaterReply,
} from './precache-protocol';

/** Connection unknown: the first small batch this long after the worker is ready, and the next ones as far apart. */
export const UNKNOWN_GAP_MS = 15_000;
/** A good connection's run that stopped short (a failure): tried again after this. */
const RETRY_MS = 60_000;

type Nav = Navigator & { connection?: ConnectionLike & Partial<EventTarget> };

async function ask(mode: PrecacheLaterMessage['mode']): Promise<number | null> {
  const worker = (await navigator.serviceWorker.ready).active;
  if (!worker) return null;
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (e: MessageEvent<PrecacheLaterReply>) =>
      resolve(typeof e.data?.left === 'number' ? e.data.left : null);
    worker.postMessage({ type: PRECACHE_LATER_MESSAGE, mode } satisfies PrecacheLaterMessage, [channel.port2]);
  });
}

/**
 * The precache's later group (sw/precache-later.ts) when the connection allows: at once (in idle
 * time) on a good connection as Network Information reports it; nothing on a poor one (Save-Data,
 * 3G or slower) until it changes; where the browser does not say, one small batch each time the
 * page has been idle a while. Stops once the worker has every file.
 */
export function schedulePrecacheLater(): void {
  const nav = navigator as Nav;
  let done = false;
  let busy = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const later = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(step, ms);
  };
  function step() {
    if (done || busy || !navigator.onLine) return;
    const verdict = connectionVerdict(nav.connection);
    if (verdict === 'poor') return;
    busy = true;
    whenIdle(() => {
      ask(verdict === 'good' ? 'all' : 'batch')
        .then((left) => {
          if (left === 0) done = true;
          else later(verdict === 'unknown' ? UNKNOWN_GAP_MS : RETRY_MS);
        })
        .catch(() => later(RETRY_MS))
        .finally(() => (busy = false));
    });
  }
  nav.connection?.addEventListener?.('change', () => step());
  window.addEventListener('online', () => step());
  if (connectionVerdict(nav.connection) === 'unknown') later(UNKNOWN_GAP_MS);
  else step();
}

import { useEffect, useState, useSyncExternalStore } from 'react';
import { useSyncMaybe } from './sync-context';

/** The browser's own online flag and its events (before the sync engine starts, and for the page boundary). */
export const windowOnline = {
  subscribe(cb: () => void) {
    window.addEventListener('online', cb);
    window.addEventListener('offline', cb);
    return () => {
      window.removeEventListener('online', cb);
      window.removeEventListener('offline', cb);
    };
  },
  get: () => navigator.onLine,
};

/** Whether the device is online, as the sync engine sees it (the browser's flag until it starts). */
export function useOnline(): boolean {
  const sync = useSyncMaybe();
  const subscribe = sync ? (cb: () => void) => sync.online.subscribe(cb) : windowOnline.subscribe;
  return useSyncExternalStore(subscribe, sync ? sync.online.isOnline : windowOnline.get);
}

/** The time, re-read every `everyMs` (data age labels, countdowns). */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(t);
  }, [everyMs]);
  return now;
}

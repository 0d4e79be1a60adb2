/** Whether the device believes it is online, with change notifications (swappable in tests). */
export interface OnlineSource {
  isOnline(): boolean;
  subscribe(listener: (online: boolean) => void): () => void;
}

interface OnlineTarget {
  navigator?: { onLine?: boolean };
  addEventListener?(type: string, listener: () => void): void;
  removeEventListener?(type: string, listener: () => void): void;
}

/**
 * `navigator.onLine` and the `online`/`offline` events of a window or worker scope. `onLine`
 * may say true on a network that does not work; the outbox's backoff covers that case.
 */
export function browserOnline(target: OnlineTarget = globalThis as OnlineTarget): OnlineSource {
  return {
    isOnline: () => target.navigator?.onLine ?? true,
    subscribe(listener) {
      const on = () => listener(true);
      const off = () => listener(false);
      target.addEventListener?.('online', on);
      target.addEventListener?.('offline', off);
      return () => {
        target.removeEventListener?.('online', on);
        target.removeEventListener?.('offline', off);
      };
    },
  };
}

/** A hand-driven source, for tests and for contexts without the events. */
export function manualOnline(initial = true): OnlineSource & { set(online: boolean): void } {
  let online = initial;
  const listeners = new Set<(online: boolean) => void>();
  return {
    isOnline: () => online,
    subscribe(l) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    set(next) {
      online = next;
      for (const l of listeners) l(next);
    },
  };
}

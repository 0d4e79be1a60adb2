/** A boolean with listeners: "this context is replaying now" for the «Надсилаю…» indicator. */
export interface Activity {
  isActive(): boolean;
  subscribe(listener: () => void): () => void;
  set(active: boolean): void;
}

export function createActivity(): Activity {
  let active = false;
  const listeners = new Set<() => void>();
  return {
    isActive: () => active,
    subscribe(l) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    set(next) {
      if (next === active) return;
      active = next;
      for (const l of listeners) l();
    },
  };
}

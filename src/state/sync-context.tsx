import { createContext, useContext, type ReactNode } from 'react';
import type { SyncRuntime } from '../sync/runtime';

const SyncContext = createContext<SyncRuntime | null>(null);

/** Provides the sync runtime once it has started (null until then: it loads after the first paint). */
export function SyncProvider({ runtime, children }: { runtime: SyncRuntime | null; children: ReactNode }) {
  return <SyncContext.Provider value={runtime}>{children}</SyncContext.Provider>;
}

/** The page's sync runtime, or null while it is still starting. */
export function useSyncMaybe(): SyncRuntime | null {
  return useContext(SyncContext);
}

let starter: (() => Promise<SyncRuntime>) | null = null;

/** The boot registers how to start the sync engine now (otherwise it starts after the first screen). */
export function setSyncStarter(start: (() => Promise<SyncRuntime>) | null): void {
  starter = start;
}

/**
 * The sync runtime, started at once if it has not been: for a signed-out screen's first action
 * (the sign-in), whose screen is usable before the engine's code has loaded.
 */
export function syncNow(): Promise<SyncRuntime> {
  return starter ? starter() : Promise.reject(new Error('Застосунок ще запускається. Спробуй ще раз за мить'));
}

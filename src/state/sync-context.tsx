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

import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useSyncExternalStore } from 'react';
import type { OutboxEntry } from '../../db/rows-sync';
import type { SyncRuntime } from '../../sync/runtime';
import { syncLabel, syncState, type SyncState } from '../../sync/status';
import { SYNC_COPY } from './copy';

const NO_ENTRIES: OutboxEntry[] = [];

export interface SyncStatus {
  state: SyncState;
  /** «Офлайн», «Надсилаю…», «N змін очікують», or null when all is sent. */
  label: string | null;
  /** Entries the server refused, oldest first, with `lastError.message` as the reason. */
  failed: OutboxEntry[];
  /** What an entry is, for the failed list: «Зміна обраного», «Подія аналітики»... */
  titleOf(entry: OutboxEntry): string;
  sendNow(): void;
  retry(id: string): void;
  cancel(id: string): void;
}

/** The outbox as the member sees it, live across tabs (Dexie live query) and online changes. */
export function useSyncStatus(rt: SyncRuntime): SyncStatus {
  const entries = useLiveQuery(() => rt.db.outbox.orderBy('seq').toArray(), [rt]) ?? NO_ENTRIES;
  const subscribeOnline = useCallback((cb: () => void) => rt.online.subscribe(cb), [rt]);
  const online = useSyncExternalStore(subscribeOnline, rt.online.isOnline);
  const replaying = useSyncExternalStore(rt.activity.subscribe, rt.activity.isActive);
  const state = syncState({ online, replaying, entries });
  return {
    state,
    label: syncLabel(state),
    failed: entries.filter((e) => e.state === 'failed'),
    titleOf: (entry) => rt.registry.get(entry.kind)?.title ?? SYNC_COPY.unknownKind,
    sendNow: () => void rt.outbox.sendNow(),
    retry: (id) => void rt.outbox.retryFailed(id),
    cancel: (id) => void rt.outbox.cancelFailed(id),
  };
}

import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useSyncExternalStore } from 'react';
import type { OutboxEntry } from '../../db/rows-sync';
import { refusalNotice, type ShownRefusal } from '../../sync/engine/refusals';
import type { SyncRuntime } from '../../sync/runtime';
import { headOf, syncLabel, syncState, type SyncState } from '../../sync/engine/status';
import { useNow } from '../../state/online';
import { SYNC_COPY } from './copy';

const NO_ENTRIES: OutboxEntry[] = [];

export interface SyncStatus {
  online: boolean;
  state: SyncState;
  /** The indicator's line, or null when all is sent. */
  label: string | null;
  /** Entries still to send, in order. */
  waiting: OutboxEntry[];
  /** The entry the queue waits on. */
  head: OutboxEntry | null;
  /** Entries the server refused, oldest first. */
  failed: OutboxEntry[];
  now: number;
  /** What an entry is: «Зміна кошика», «Скан». */
  titleOf(entry: OutboxEntry): string;
  /** What a refused entry was, why it was refused, where to put it right and whether a retry can pass. */
  noticeOf(entry: OutboxEntry): ShownRefusal;
  /** Whether the screen at `path` shows this entry's refusal in place (its kind's `answeredOn`). */
  answeredOn(entry: OutboxEntry, path: string): boolean;
  sendNow(): void;
  retry(id: string): void;
  cancel(id: string): void;
  markNoticed(ids: readonly string[]): void;
}

/** The outbox as the member sees it, live across tabs (Dexie live query) and online changes. */
export function useSyncStatus(rt: SyncRuntime): SyncStatus {
  // The member's own changes: the app's reports (analytics) go quietly.
  const entries =
    useLiveQuery(
      async () => (await rt.db.outbox.orderBy('seq').toArray()).filter((e) => !rt.registry.get(e.kind)?.quiet),
      [rt],
    ) ?? NO_ENTRIES;
  const subscribeOnline = useCallback((cb: () => void) => rt.online.subscribe(cb), [rt]);
  const online = useSyncExternalStore(subscribeOnline, rt.online.isOnline);
  const replaying = useSyncExternalStore(rt.activity.subscribe, rt.activity.isActive);
  // The countdown to the next attempt ticks while there is one.
  const now = useNow(1000);
  const state = syncState({ online, replaying, entries, now });
  return {
    online,
    state,
    label: syncLabel(state, now),
    waiting: entries.filter((e) => e.state !== 'failed'),
    head: headOf(entries),
    failed: entries.filter((e) => e.state === 'failed'),
    now,
    titleOf: (entry) => rt.registry.get(entry.kind)?.title ?? SYNC_COPY.unknownKind,
    noticeOf: (entry) => refusalNotice(rt.registry, entry),
    answeredOn: (entry, path) => rt.registry.get(entry.kind)?.answeredOn?.includes(path) ?? false,
    sendNow: () => void rt.outbox.sendNow(),
    retry: (id) => void rt.outbox.retryFailed(id),
    cancel: (id) => void rt.outbox.cancelFailed(id),
    markNoticed: (ids) => void rt.outbox.markNoticed(ids),
  };
}

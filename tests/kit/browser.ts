import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { Dexie } from 'dexie';
import type { ClubDb } from '../../src/db/database';
import type { OutboxEntry } from '../../src/db/rows-sync';
import type { EntryRecord } from './told';

// The phones' IndexedDB is fake-indexeddb's, whichever was imported first: Dexie reads its
// dependencies when it loads, which may be before the kit (a test importing src/ first).
Dexie.dependencies.indexedDB = indexedDB;
Dexie.dependencies.IDBKeyRange = IDBKeyRange;

/** `localStorage` of one phone, in memory (it outlives the phone's tabs, as the browser's does). */
export function memoryStorage(): Storage {
  const m = new Map<string, string>();
  return {
    get length() {
      return m.size;
    },
    key: (i) => [...m.keys()][i] ?? null,
    getItem: (k) => m.get(k) ?? null,
    setItem: (k, v) => void m.set(k, String(v)),
    removeItem: (k) => void m.delete(k),
    clear: () => m.clear(),
  };
}

/**
 * What one phone's database did, seen from all its tabs: every outbox entry created, those a
 * logout cleared, and the transactions started and still open (`settle` waits until none start
 * for a while).
 */
export class PhoneLog {
  readonly created: EntryRecord[] = [];
  /** Seqs of entries a logout cleared before they were sent. */
  readonly cleared = new Set<number>();
  started = 0;
  open = 0;

  /** Watches one tab's connection (before it opens). */
  watch(db: ClubDb): void {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- Dexie's hooks bind their own `this` (the request)
    const log = this;
    db.outbox.hook('creating', function (_key, e: OutboxEntry) {
      this.onsuccess = () =>
        void log.created.push({ id: e.id, seq: e.seq, kind: e.kind, account: e.account, payload: e.payload });
    });
    db.outbox.hook('deleting', function (_key, e: OutboxEntry | undefined, tx) {
      // A logout resets every store in one transaction: its entries were dropped, not settled.
      const reset = tx.storeNames.length === db.tables.length;
      this.onsuccess = () => {
        if (e && reset) log.cleared.add(e.seq);
      };
    });
    db.use({
      stack: 'dbcore',
      name: 'kit-activity',
      create: (down) => ({
        ...down,
        transaction(stores, mode, options) {
          const tx = down.transaction(stores, mode, options) as unknown as IDBTransaction;
          log.started += 1;
          log.open += 1;
          let ended = false;
          const end = () => {
            if (ended) return;
            ended = true;
            log.open -= 1;
          };
          for (const ev of ['complete', 'abort', 'error'] as const) tx.addEventListener(ev, end);
          return tx as never;
        },
      }),
    });
  }

  /** Where the log stands: pass it to `since` after an action. */
  mark(): { at: number; seq: number } {
    return { at: this.created.length, seq: Math.max(0, ...this.created.map((e) => e.seq)) };
  }

  /** Entries first queued after `mark` (one per seq: an entry re-keyed meanwhile keeps its seq). */
  since(mark: { at: number; seq: number }): EntryRecord[] {
    const out = new Map<number, EntryRecord>();
    for (const e of this.created.slice(mark.at)) if (e.seq > mark.seq && !out.has(e.seq)) out.set(e.seq, e);
    return [...out.values()];
  }
}

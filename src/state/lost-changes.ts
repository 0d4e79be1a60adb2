import { pluralUk, type UkForms } from '../domain/format/plural';

/**
 * Changes that were waiting to be sent when the browser wiped the app's database (storage
 * pressure, the browser's "clear data"): said on the member's screens until they have read it.
 * Kept in localStorage, which such a wipe usually spares; counts by kind and their wording only,
 * nothing personal. Written by the sync engine (src/sync/engine/unsent-marker.ts).
 */
export const LOST_CHANGES_KEY = 'lostChanges';

/** Said in this window, so the screens of the tab that found the loss re-read it at once. */
const EVENT = 'club:lost-changes';

export interface LostChanges {
  /** Changes lost, all kinds together. */
  count: number;
  /** By kind: `kind` is the outbox kind, `noun` its word as counted («скан», «скани», «сканів»). */
  kinds: Array<{ kind: string; count: number; noun: UkForms }>;
  /** Epoch ms of the (last) loss found. */
  at: number;
}

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** «3 скани, 1 зміну обраного»: what was lost, in words. */
export function lostInWords(lost: LostChanges): string {
  return lost.kinds.map((k) => `${k.count} ${pluralUk(k.count, k.noun)}`).join(', ');
}

/** The lost changes not yet acknowledged, or null. */
export function readLostChanges(storage: Pick<Storage, 'getItem'> = localStorage): LostChanges | null {
  try {
    const raw = storage.getItem(LOST_CHANGES_KEY);
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<LostChanges>;
    return typeof v.count === 'number' && v.count > 0 && Array.isArray(v.kinds) && typeof v.at === 'number'
      ? (v as LostChanges)
      : null;
  } catch {
    return null;
  }
}

function announce(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(EVENT));
}

/** Records a loss (added to one not yet acknowledged). */
export function addLostChanges(lost: LostChanges, storage: Store = localStorage): void {
  const before = readLostChanges(storage);
  let next = lost;
  if (before) {
    const byKind = new Map(before.kinds.map((k) => [k.kind, { ...k }]));
    for (const k of lost.kinds) {
      const had = byKind.get(k.kind);
      byKind.set(k.kind, had ? { ...k, count: had.count + k.count } : k);
    }
    next = { count: before.count + lost.count, kinds: [...byKind.values()], at: lost.at };
  }
  try {
    storage.setItem(LOST_CHANGES_KEY, JSON.stringify(next));
  } catch {
    // No room even here: nothing more can be kept.
  }
  announce();
}

/** «Зрозуміло»: the member has read it. */
export function dismissLostChanges(storage: Store = localStorage): void {
  try {
    storage.removeItem(LOST_CHANGES_KEY);
  } catch {
    // Storage unavailable.
  }
  announce();
}

/** Calls `listener` whenever the record may have changed, here or in another tab; returns its removal. */
export function subscribeLostChanges(listener: () => void): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === LOST_CHANGES_KEY) listener();
  };
  window.addEventListener(EVENT, listener);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(EVENT, listener);
    window.removeEventListener('storage', onStorage);
  };
}

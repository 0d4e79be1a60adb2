import type { OutboxEntry } from '../db/rows-sync';
import { pluralUk } from './plural';

/** The quiet sync indicator's state. */
export type SyncState =
  | { kind: 'offline'; waiting: number }
  | { kind: 'sending'; waiting: number }
  | { kind: 'waiting'; waiting: number }
  | { kind: 'idle' };

/** Derives the indicator state: offline wins, then an active replay, then entries waiting. */
export function syncState(input: { online: boolean; replaying: boolean; entries: readonly OutboxEntry[] }): SyncState {
  const waiting = input.entries.filter((e) => e.state !== 'failed').length;
  if (!input.online) return { kind: 'offline', waiting };
  if (input.replaying || input.entries.some((e) => e.state === 'sending')) return waiting ? { kind: 'sending', waiting } : { kind: 'idle' };
  return waiting ? { kind: 'waiting', waiting } : { kind: 'idle' };
}

/** «Офлайн», «Надсилаю…», «3 зміни очікують»; null when there is nothing to say. */
export function syncLabel(s: SyncState): string | null {
  switch (s.kind) {
    case 'offline':
      return 'Офлайн';
    case 'sending':
      return 'Надсилаю…';
    case 'waiting':
      return `${s.waiting} ${pluralUk(s.waiting, ['зміна', 'зміни', 'змін'])} ${pluralUk(s.waiting, ['очікує', 'очікують', 'очікують'])}`;
    case 'idle':
      return null;
  }
}

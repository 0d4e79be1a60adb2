import type { ClubDb } from '../../src/db/database';
import type { Account } from '../../src/db/rows-sync';
import { refusalNotice } from '../../src/sync/engine/refusals';
import type { MutationRegistry } from '../../src/sync/engine/registry';

/** An outbox entry an action queued (its id is the Idempotency-Key; a re-keyed entry keeps its `seq`). */
export interface EntryRecord {
  id: string;
  seq: number;
  kind: string;
  account: Account;
  payload: unknown;
}

/** Where an action stands for the member. */
export type ActionState =
  /** Waits in the outbox, or is on its way. */
  | { state: 'pending' }
  /** The server took it (its entries settled). */
  | { state: 'applied' }
  /** Refused: at once by the screen, or by the server (then also listed in the sync panel). */
  | { state: 'refused'; why: string; what?: string }
  /** Cleared from the outbox by a logout before it was sent. */
  | { state: 'dropped' };

/**
 * What the member was told when they acted, and a way to ask later where the action stands.
 * `at`: 'queued' (kept on the phone, sent when it can be), 'sent' (an online action the server
 * answered), 'refused' (the screen said no; nothing kept), 'killed' (the page died before it answered).
 */
export interface Told<T = unknown> {
  at: 'queued' | 'sent' | 'refused' | 'killed';
  /** What the screen says at once, in Ukrainian (a notice, a refusal); null when it only shows the change. */
  says: string | null;
  /** The action's own result (the placed order, the scan row…), when it has one. */
  value: T | null;
  /** The outbox entries it queued. */
  entries: EntryRecord[];
  /** Where it stands now, as the member would see it. */
  state(): Promise<ActionState>;
}

/** The errors whose message the screens show as they are (the member is told; nothing is kept). */
const TOLD_ERRORS = new Set([
  'CartRefusal',
  'OfflineError',
  'MutationRefusedError',
  'ProgrammeError',
  'AuthError',
  'StorageFullError',
]);

export function isToldError(e: unknown): e is Error {
  return e instanceof Error && TOLD_ERRORS.has(e.name);
}

/** What the phone knows to work out an action's state. */
export interface StateSource {
  read<R>(fn: (db: ClubDb) => Promise<R>): Promise<R>;
  registry: MutationRegistry;
  /** Seqs of entries a logout cleared (others gone were settled). */
  cleared: ReadonlySet<number>;
}

/** The state of an action from its entries: refused if one was refused, pending if one waits, else applied. */
export async function stateOf(
  src: StateSource,
  at: Told['at'],
  says: string | null,
  entries: readonly EntryRecord[],
): Promise<ActionState> {
  if (at === 'refused') return { state: 'refused', why: says ?? '' };
  const rows = await src.read((db) =>
    db.outbox
      .where('seq')
      .anyOf(entries.map((e) => e.seq))
      .toArray(),
  );
  const failed = rows.find((r) => r.state === 'failed');
  if (failed) {
    const n = refusalNotice(src.registry, failed);
    return { state: 'refused', why: n.why, what: n.what };
  }
  if (rows.length) return { state: 'pending' };
  if (entries.some((e) => src.cleared.has(e.seq))) return { state: 'dropped' };
  return { state: 'applied' };
}

import type { Transport } from '../../api/transport';
import type { ClubDb, ClubTableName } from '../../db/database';
import { freshUntil, markFresh, staleCount } from '../../db/kv';
import { heldStamps } from '../engine/pull-holds';

export interface PullContext {
  db: ClubDb;
  transport: Transport;
  /** Epoch ms. */
  now: () => number;
  online: () => boolean;
}

/**
 * One read from the server into Dexie (docs/architecture.md#data-flow read path). `fetch` runs outside any
 * transaction and returns validated data (the transport checks it against the contract; an
 * answer with an `error` field throws, so it is never stored); `write` stores it in one short
 * transaction together with the freshness stamp.
 */
export interface Puller<T> {
  name: string;
  /** Fresh for this many ms after a pull. */
  freshFor: number;
  /** Overrides `freshFor` from the answer (tokens: until their server expiry); epoch ms. */
  freshUntil?(value: T, now: number): number;
  /** Tables `write` touches; `kv` is always included. */
  tables: readonly ClubTableName[];
  /** The data to store, or null when there is nothing to pull (e.g. signed out). */
  fetch(ctx: PullContext): Promise<T | null>;
  write(value: T, db: ClubDb, now: number): Promise<void>;
  /** Effects outside the database after the write committed (reload, cache deletion). */
  after?(value: T, ctx: PullContext): Promise<void>;
}

/** `held`: not pulled now, its data left as stored: a change still waiting will move it, or the views refresher pulls it (../engine/pull-holds.ts). */
export type PullResult = 'offline' | 'fresh' | 'held' | 'pulled' | 'nothing' | 'failed';

/** Answers fetched again when an action made the data out of date while they were on their way. */
const MAX_STALE_FETCHES = 3;

/**
 * Runs one puller unless offline, held or still fresh (`force` ignores both: a screen that wants the
 * latest now, and the views refresher, which keeps the holds itself). Never throws. An
 * answer is stored only if no action declared the data out of date while it was fetched
 * (clearFresh): such an answer may predate the action, and storing it after the pull the action
 * asked for would put the old figure back; it is fetched again instead. `held`: the stamps held
 * now, when the caller has read them already (runPullers reads them once for its list).
 */
export async function runPuller<T>(
  p: Puller<T>,
  ctx: PullContext,
  force = false,
  held?: ReadonlySet<string>,
): Promise<PullResult> {
  if (!ctx.online()) return 'offline';
  if (!force && (held ?? (await heldStamps(ctx.db))).has(p.name)) return 'held';
  if (!force && (await freshUntil(ctx.db, p.name)) > ctx.now()) return 'fresh';
  try {
    for (let fetches = 0; fetches < MAX_STALE_FETCHES; fetches += 1) {
      const seen = await staleCount(ctx.db, p.name);
      const value = await p.fetch(ctx);
      if (value === null) return 'nothing';
      const now = ctx.now();
      const until = p.freshUntil ? p.freshUntil(value, now) : now + p.freshFor;
      const stored = await ctx.db.transaction('rw', [ctx.db.kv, ...p.tables.map((t) => ctx.db.table(t))], async () => {
        if ((await staleCount(ctx.db, p.name)) !== seen) return false;
        await p.write(value, ctx.db, now);
        await markFresh(ctx.db, p.name, until, now);
        return true;
      });
      if (!stored) continue;
      await p.after?.(value, ctx);
      return 'pulled';
    }
    return 'failed';
  } catch {
    // A failed pull leaves what is stored; the screens show it with its age.
    return 'failed';
  }
}

/** Runs pullers one after another (they share one connection; order keeps the version check first). */
export async function runPullers(
  list: ReadonlyArray<Puller<unknown>>,
  ctx: PullContext,
  force = false,
): Promise<Record<string, PullResult>> {
  const out: Record<string, PullResult> = {};
  const held = force || !ctx.online() ? undefined : await heldStamps(ctx.db);
  for (const p of list) out[p.name] = await runPuller(p, ctx, force, held);
  return out;
}

import { hostname } from 'node:os';
import type { Clock } from './clock';
import type { Db } from './db/connect';

/**
 * How often a process says it is alive, and after how long without a word it counts as gone: a
 * process that dies holding a key running frees it within GONE_AFTER_MS (the queue of
 * a member whose request it held moves again within seconds). Three beats missed in a row, so a
 * busy process whose beat waits a moment for a connection is not taken for dead.
 */
export const HEARTBEAT_MS = 1_000;
export const GONE_AFTER_MS = 3_000;

/** This server process on its database: idempotency keys it runs carry `id`. */
export interface Instance {
  /** `<name>@<started_at>`: new at every start. */
  id: string;
  /** The process slot, stable across restarts: INSTANCE_NAME, else `<host>:<port>`. */
  name: string;
  stop(): Promise<void>;
}

/** The slot name of a process: given, or this host and port. */
export function instanceName(given: string | undefined, port: number): string {
  return given && given.trim() ? given.trim() : `${hostname()}:${port}`;
}

/**
 * Registers this process as alive on the database and keeps saying so every HEARTBEAT_MS. A
 * start first removes earlier starts of the same slot: a process that crashed and came back
 * takes over its own unfinished keys at once, instead of waiting for them to go stale.
 */
export async function registerInstance(db: Db, clock: Clock, name: string): Promise<Instance> {
  const started = clock.now().toISOString();
  const id = `${name}@${started}`;
  await db.deleteFrom('instances').where('name', '=', name).execute();
  await db.insertInto('instances').values({ id, name, started_at: started, heartbeat_at: started }).execute();
  const beat = setInterval(() => {
    void db
      .updateTable('instances')
      .set({ heartbeat_at: clock.now().toISOString() })
      .where('id', '=', id)
      .execute()
      .catch(() => undefined);
  }, HEARTBEAT_MS);
  beat.unref();
  return {
    id,
    name,
    async stop() {
      clearInterval(beat);
      await db
        .deleteFrom('instances')
        .where('id', '=', id)
        .execute()
        .catch(() => undefined);
    },
  };
}

/**
 * How long the process `id` still counts as alive, in ms: 0 when it is gone (deregistered, or not
 * heard from within GONE_AFTER_MS), else the time left until it would be, if it never beat again.
 */
export async function instanceLease(db: Db, clock: Clock, id: string): Promise<number> {
  const row = await db.selectFrom('instances').select('heartbeat_at').where('id', '=', id).executeTakeFirst();
  if (!row) return 0;
  return Math.max(0, Date.parse(row.heartbeat_at) + GONE_AFTER_MS - clock.now().getTime());
}

/** Whether the process `id` is still alive: registered, and heard from within GONE_AFTER_MS. */
export async function instanceAlive(db: Db, clock: Clock, id: string): Promise<boolean> {
  return (await instanceLease(db, clock, id)) > 0;
}

import { hostname } from 'node:os';
import type { Clock } from './clock';
import type { Db } from './db/connect';

/** How often a process says it is alive, and after how long without a word it counts as gone. */
export const HEARTBEAT_MS = 5_000;
export const GONE_AFTER_MS = 15_000;

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
      await db.deleteFrom('instances').where('id', '=', id).execute().catch(() => undefined);
    },
  };
}

/** Whether the process `id` is still alive: registered, and heard from within GONE_AFTER_MS. */
export async function instanceAlive(db: Db, clock: Clock, id: string): Promise<boolean> {
  const row = await db.selectFrom('instances').select('heartbeat_at').where('id', '=', id).executeTakeFirst();
  if (!row) return false;
  return Date.parse(row.heartbeat_at) >= clock.now().getTime() - GONE_AFTER_MS;
}

import type { Db } from '../db/connect';
import { HEARTBEAT_MS } from '../instances';

interface HeldKey {
  account: string;
  key: string;
  /** This process's `instances.id`: the key is released only while it is still this run's claim. */
  owner: string;
}

const waiting = new WeakMap<Db, Map<string, HeldKey>>();

/**
 * A key this process claimed whose run ended while the database was away: neither its answer nor
 * its release could be written, so the key stays 'running' under an owner that is still alive,
 * and every retry, on any instance, would be told «still running» for as long as this process
 * lives. It is released once the database answers again (tried every heartbeat), unless another
 * run has taken it over meanwhile; a retry then runs the call anew, as after any failed run.
 */
export function releaseWhenBack(db: Db, held: HeldKey): void {
  let keys = waiting.get(db);
  if (keys) {
    keys.set(`${held.account}\n${held.key}`, held);
    return;
  }
  keys = new Map([[`${held.account}\n${held.key}`, held]]);
  waiting.set(db, keys);
  const pending = keys;
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    void releaseAll(db, pending)
      .catch(() => undefined)
      .finally(() => {
        busy = false;
        if (pending.size > 0) return;
        clearInterval(timer);
        waiting.delete(db);
      });
  }, HEARTBEAT_MS);
  timer.unref();
}

async function releaseAll(db: Db, keys: Map<string, HeldKey>): Promise<void> {
  for (const [id, k] of keys) {
    await db
      .deleteFrom('idempotency')
      .where('account', '=', k.account)
      .where('key', '=', k.key)
      .where('state', '=', 'running')
      .where('owner', '=', k.owner)
      .execute();
    keys.delete(id);
  }
}

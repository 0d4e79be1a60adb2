import type { FetchLike } from '../../../../src/api/transport';
import type { ClubDb } from '../../../../src/db/database';
import { webLock } from '../../../../src/sync/engine/lock';
import { manualOnline, type OnlineSource } from '../../../../src/sync/engine/online';
import { createSyncRuntime, type SyncRuntime } from '../../../../src/sync/runtime';
import { memoryLocks } from './memory-locks';

/**
 * A real sync runtime for a screen test: over `db` and a scripted `fetch`, with an in-memory lock,
 * no pullers, no timers and no cookie to clear. `online` is a boolean (fixed) or a source the test flips.
 */
export function testRuntime(db: ClubDb, fetch: FetchLike, online: boolean | OnlineSource = true): SyncRuntime {
  return createSyncRuntime({
    db,
    apiKey: 'k',
    baseUrl: '',
    fetch,
    lock: webLock(memoryLocks().client('t')),
    online: typeof online === 'boolean' ? manualOnline(online) : online,
    pullers: [],
    logoutEnv: { clearCookie: () => undefined },
    triggerEnv: { setTimer: () => null, clearTimer: () => undefined },
  });
}

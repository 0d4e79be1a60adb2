import { ClubDb } from '../../src/db/database';
import type { AuthEnv } from '../../src/sync/auth/actions';
import { USER_TOKEN_COOKIE, type CookieJar } from '../../src/sync/auth/cookies';
import { informServerOfLogout } from '../../src/sync/auth/member';
import type { UnsentSummary } from '../../src/sync/auth/logout';
import { leaseLock, webLock } from '../../src/sync/engine/lock';
import { pagePullers } from '../../src/sync/page-pullers';
import type { ProgrammeEnv } from '../../src/sync/programme/env';
import { onSessionChange } from '../../src/sync/pullers/catalogue';
import { createSyncRuntime, type SyncRuntime } from '../../src/sync/runtime';
import { VIEW_PULLERS } from '../../src/sync/views-pullers';
import type { memoryLocks } from '../unit/sync/support/memory-locks';
import { API_KEY, TEST_PHONES } from '../support/server';
import { memoryStorage, type PhoneLog } from './browser';
import type { ScenarioClock } from './clock';
import type { Network } from './network';

/** Web Locks (as Chromium), or the lease in IndexedDB (as a browser without them). */
export type LockMode = 'web-locks' | 'lease';

/** What a tab shares with the other tabs of its phone: the browser's storage, cookies, locks and network. */
export interface PhoneParts {
  dbName: string;
  clock: ScenarioClock;
  network: Network;
  cookies: CookieJar;
  storage: Storage;
  locks: ReturnType<typeof memoryLocks>;
  lockMode: LockMode;
  /** Told when a page logs the member out (asked or forced): what could not be sent, if anything. */
  onLoggedOut(lost: UnsentSummary | null): void;
  /** The page reloads itself (the version check after an update). */
  onReload(tab: Tab): void;
}

const LEASE_TTL_MS = 15_000;

/**
 * One page of the app: its own connection to the phone's IndexedDB and the real sync runtime the
 * page starts (outbox, triggers, the page's pullers, views pulled again after each action), with
 * its timers on the scenario clock. Killed, it stops at once: its requests never answer, its lock
 * is freed as the browser frees a closed page's.
 */
export class Tab {
  readonly db: ClubDb;
  readonly rt: SyncRuntime;
  /** This page's `sessionStorage` (each tab has its own; a logout empties it). */
  readonly session = memoryStorage();
  dead = false;
  private readonly lockClient: ReturnType<ReturnType<typeof memoryLocks>['client']>;
  private readonly unwatch: () => void;
  private readonly deathListeners = new Set<() => void>();

  constructor(
    private readonly phone: PhoneParts,
    readonly name: string,
    log: PhoneLog,
  ) {
    const { clock, network, cookies, storage } = phone;
    this.db = new ClubDb(phone.dbName);
    log.watch(this.db);
    this.lockClient = phone.locks.client(name);
    const lock =
      phone.lockMode === 'web-locks'
        ? webLock(this.lockClient)
        : leaseLock(this.db, { owner: name, ttlMs: LEASE_TTL_MS, now: clock.now });
    const rt: SyncRuntime = createSyncRuntime({
      db: this.db,
      apiKey: API_KEY,
      baseUrl: '',
      fetch: network.fetchFor(this),
      lock,
      now: clock.now,
      random: () => 0.5,
      online: network.online,
      pullers: pagePullers({
        storage,
        clearCaches: async () => undefined,
        reload: () => phone.onReload(this),
        userCookie: () => cookies.get(USER_TOKEN_COOKIE),
        logout: () => rt.logout(),
      }),
      logoutEnv: {
        clearCookie: (n) => cookies.clear(n),
        storage,
        session: this.session,
        informServer: () => informServerOfLogout(rt),
      },
      onLoggedOut: (lost) => phone.onLoggedOut(lost),
      triggerEnv: { now: clock.now, setTimer: clock.setTimer, clearTimer: clock.clearTimer },
      viewPullers: async () => VIEW_PULLERS,
    });
    this.rt = rt;
    // A sign-in or a variant switch pulls the new account's data at once (as src/sync/start.ts).
    this.unwatch = onSessionChange(this.db, () => void rt.pull());
  }

  /** What the sign-in, member and programme actions of the screens get (`authEnv`, `programmeEnv` in the page). */
  get env(): ProgrammeEnv {
    const auth: AuthEnv = {
      db: this.db,
      transport: this.rt.transport,
      online: this.rt.online,
      cookies: this.phone.cookies,
      now: this.phone.clock.now,
      testPhones: TEST_PHONES,
      defaultVariant: 'glo',
      visits: this.phone.storage,
    };
    return { ...auth, outbox: this.rt.outbox };
  }

  /** The page dies (closed, killed, reloaded): nothing more runs in it. */
  kill(): void {
    if (this.dead) return;
    this.dead = true;
    this.rt.stop();
    this.unwatch();
    this.lockClient.kill();
    for (const l of this.deathListeners) l();
  }

  /** Calls `listener` when the page dies; returns its removal. */
  onDeath(listener: () => void): () => void {
    if (this.dead) listener();
    this.deathListeners.add(listener);
    return () => this.deathListeners.delete(listener);
  }

  /** Closes its database connection (once it is dead and nothing of it runs any more). */
  close(): void {
    this.db.close();
  }
}

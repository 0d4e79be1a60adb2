import { createActivity, type Activity } from './engine/activity';
import { createSyncCore, type SyncCore, type SyncCoreOptions } from './core';
import { logout, prepareLogout, summarizeUnsent, type LogoutEnv, type UnsentSummary } from './auth/logout';
import type { OnlineSource } from './engine/online';
import { runPullers, type Puller, type PullResult } from './pullers/puller';
import { installTriggers, type TriggerEnv, type Triggers } from './engine/triggers';
import { watchViewsDue, type ViewPullers } from './views-refresh';

export interface RuntimeOptions extends Omit<SyncCoreOptions, 'onActivity' | 'onSessionExpired'> {
  online: OnlineSource;
  /** Run on start, back online and tab visible, each within its freshness (docs/rules.md#constants). */
  pullers: ReadonlyArray<Puller<unknown>>;
  logoutEnv: LogoutEnv;
  /** After a logout (asked or forced): go to /auth (docs/rules.md#screens). `lost` lists what a forced logout could not send. */
  onLoggedOut?: (lost: UnsentSummary | null) => void;
  triggerEnv?: Omit<TriggerEnv, 'online' | 'pull'>;
  /** The pullers of each view (src/sync/views-pullers.ts), loaded when an action first settles. */
  viewPullers?: () => Promise<ViewPullers>;
  /** After a sign-in here has stored its session: the app tells its other open tabs. */
  onSignedIn?: () => void;
}

/** Everything sync does in a page: the core, its triggers, pullers, activity and logout. */
export interface SyncRuntime extends SyncCore {
  online: OnlineSource;
  activity: Activity;
  triggers: Triggers;
  /** Runs the pullers now (`force` ignores freshness). */
  pull(force?: boolean): Promise<Record<string, PullResult>>;
  /** Calls `listener` each time a run of the pullers has settled online (the picture prefetch); returns its removal. */
  onPulled(listener: () => void): () => void;
  /** Logout step one (docs/rules.md#states): send what waits, report what is left. */
  prepareLogout(): Promise<UnsentSummary>;
  /**
   * Logout step two: clear cookies, stores and localStorage (but the app version). `lost`: what a
   * logout the member did not ask for takes with it, for /auth to say.
   */
  logout(lost?: UnsentSummary | null): Promise<void>;
  /** Told by a sign-in once its session is stored (RuntimeOptions.onSignedIn). */
  signedIn(): void;
  stop(): void;
}

export function createSyncRuntime(o: RuntimeOptions): SyncRuntime {
  const activity = createActivity();
  const core = createSyncCore({
    ...o,
    onActivity: (a) => activity.set(a),
    onSessionExpired: () => {
      void (async () => {
        const lost = summarizeUnsent(await o.db.outbox.orderBy('seq').toArray(), core.registry);
        await logout(o.db, o.logoutEnv);
        o.onLoggedOut?.(lost.count ? lost : null);
      })();
    },
  });
  const ctx = { db: o.db, transport: core.transport, now: o.now ?? Date.now, online: () => o.online.isOnline() };
  // The views the member's settled actions changed, pulled again at once (./views.ts).
  const views = o.viewPullers ? watchViewsDue(o.db, ctx, o.viewPullers) : null;
  const pulled = new Set<() => void>();
  const pull = async (force = false) => {
    const results = await runPullers(o.pullers, ctx, force);
    await views?.drain();
    if (o.online.isOnline()) for (const listener of pulled) listener();
    return results;
  };
  const triggers = installTriggers(core.outbox, { ...o.triggerEnv, online: o.online, pull: () => pull() });
  return {
    ...core,
    online: o.online,
    activity,
    triggers,
    pull,
    onPulled(listener) {
      pulled.add(listener);
      return () => pulled.delete(listener);
    },
    prepareLogout: () => prepareLogout(core.outbox, core.registry, o.online.isOnline()),
    async logout(lost) {
      await logout(o.db, o.logoutEnv);
      o.onLoggedOut?.(lost?.count ? lost : null);
    },
    signedIn: () => o.onSignedIn?.(),
    stop: () => {
      triggers.stop();
      views?.stop();
    },
  };
}

/// <reference lib="webworker" />
import { matchPrecache } from 'workbox-precaching';
import { apiConfig } from '../src/api/config';
import { configOfHtml } from '../src/state/club-config';
import { ClubDb } from '../src/db/database';
import { OUTBOX_SYNC_TAG } from '../src/sync/engine/background-sync';
import { createSyncCore, type SyncCore } from '../src/sync/core';
import type { ReplayReport } from '../src/sync/engine/outbox';

/** The Background Sync event (Chromium); not in TypeScript's WebWorker lib. */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

let core: SyncCore | null = null;
let apiKey: Promise<string> | null = null;

/**
 * The API key of the shell the worker precached: the deployment's own, as the server wrote it
 * into the page (src/domain/club/club-config.ts), the same the pages send. Read once.
 */
function shellApiKey(): Promise<string> {
  apiKey ??= (async () => {
    const shell = await matchPrecache('/index.html');
    return configOfHtml(shell ? await shell.text() : null).apiKey;
  })().catch((e: unknown) => {
    apiKey = null;
    throw e;
  });
  return apiKey;
}

/** The worker's own connection and outbox over the same IndexedDB database as the pages. */
async function workerCore(): Promise<SyncCore> {
  const key = await shellApiKey();
  core ??= createSyncCore({ db: new ClubDb(), apiKey: key, baseUrl: apiConfig.baseUrl });
  return core;
}

/**
 * Forgets the worker's connection and outbox (a logout): closed, so a replay still running fails
 * instead of writing into the emptied database; the next sync event opens a new one.
 */
export function dropWorkerCore(): void {
  core?.db.close();
  core = null;
}

/**
 * Replays the outbox from the service worker, with the same code and the same lock as the
 * pages (so a page and the worker never send at once), keeping each entry's backoff. Rejects
 * while entries still wait, so the browser schedules another sync event with its own backoff
 * (Chromium: minutes), which never comes before an entry's own next attempt is due.
 */
export async function replayFromWorker(): Promise<ReplayReport> {
  const report = await (await workerCore()).outbox.replay();
  if (report.nextAt !== null) throw new Error('Outbox entries still waiting; the browser will retry the sync');
  return report;
}

/**
 * Installs the Background Sync handler: call once from `sw/sw.ts` with `installOutboxSync(self)`.
 * Safari and Firefox never fire `sync`; the pages' own triggers cover them.
 */
export function installOutboxSync(scope: ServiceWorkerGlobalScope): void {
  scope.addEventListener('sync', (event: Event) => {
    const e = event as SyncEvent;
    if (e.tag !== OUTBOX_SYNC_TAG) return;
    e.waitUntil(
      replayFromWorker().catch((err: unknown) => {
        // On the last chance, settle quietly: the pages' triggers take over from here.
        if (!e.lastChance) throw err;
      }),
    );
  });
}

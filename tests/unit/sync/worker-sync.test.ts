// @vitest-environment jsdom
import { afterAll, describe, expect, it, vi } from 'vitest';
import { installOutboxSync } from '../../../sw/outbox-sync';
import { ClubDb } from '../../../src/db/database';
import { kvSet } from '../../../src/db/kv';
import { OUTBOX_SYNC_TAG } from '../../../src/sync/engine/background-sync';
import { trackEvent } from '../../../src/sync/mutations/analytics/event';
import { scriptedFetch } from './support/fake-fetch';
import { api, GLO } from './support/harness';

afterAll(() => vi.unstubAllGlobals());

/** A `sync` event as Chromium fires it at the service worker. */
function syncEvent(tag: string) {
  const waits: Array<Promise<unknown>> = [];
  const e = Object.assign(new Event('sync'), {
    tag,
    lastChance: false,
    waitUntil: (p: Promise<unknown>) => void waits.push(p),
  });
  return { e, waits };
}

describe('service worker Background Sync (sw/outbox-sync.ts)', () => {
  it('replays the same outbox the pages fill, on the outbox tag only', async () => {
    const net = scriptedFetch(api());
    vi.stubGlobal('fetch', net.fetch);
    const page = new ClubDb();
    await kvSet(page, 'pwaToken', 'member');
    await trackEvent(page, GLO, { event: 'from-page', pageUrl: '/' });
    const scope = new EventTarget();
    installOutboxSync(scope as unknown as ServiceWorkerGlobalScope);

    const other = syncEvent('something-else');
    scope.dispatchEvent(other.e);
    expect(other.waits).toHaveLength(0);

    const ours = syncEvent(OUTBOX_SYNC_TAG);
    scope.dispatchEvent(ours.e);
    expect(ours.waits).toHaveLength(1);
    await ours.waits[0];
    expect(await page.outbox.count()).toBe(0);
    const sent = net.seen.filter((r) => r.headers['idempotency-key']);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.headers.authorization).toBe('Bearer member');
  });

  it('rejects while entries still wait, so the browser schedules another sync', async () => {
    vi.stubGlobal('fetch', scriptedFetch(() => 'network-error').fetch);
    const page = new ClubDb();
    await trackEvent(page, GLO, { event: 'stuck', pageUrl: '/' });
    const scope = new EventTarget();
    installOutboxSync(scope as unknown as ServiceWorkerGlobalScope);
    const ours = syncEvent(OUTBOX_SYNC_TAG);
    scope.dispatchEvent(ours.e);
    await expect(ours.waits[0]).rejects.toThrow(/retry/);
    expect(await page.outbox.count()).toBe(1);
  });
});

// @vitest-environment jsdom
import { afterAll, describe, expect, it, vi } from 'vitest';
import { installOutboxSync } from '../../../sw/outbox-sync';
import { ClubDb } from '../../../src/db/database';
import { kvSet } from '../../../src/db/kv';
import { OUTBOX_SYNC_TAG } from '../../../src/sync/engine/background-sync';
import { backoffDelay, DEFAULT_BACKOFF, policyFor } from '../../../src/sync/engine/backoff';
import { trackEvent } from '../../../src/sync/mutations/analytics/event';
import { manualOnline } from '../../../src/sync/engine/online';
import { installTriggers } from '../../../src/sync/engine/triggers';
import { scriptedFetch, type Reply } from './support/fake-fetch';
import { fakeTimers } from './support/fake-timers';
import { api, GLO, harness } from './support/harness';

// Issue: after a failed attempt the entry went back to pending, the page asked Background Sync
// again and the worker replayed with `force`, ignoring the backoff: one key was sent up to 24
// times in 1.4 s and its next try pushed minutes away. Every trigger now keeps the backoff;
// coming back online and «Надіслати зараз» retry at once, as one attempt.

afterAll(() => vi.unstubAllGlobals());

function fakeDocument() {
  const t = new EventTarget() as EventTarget & { visibilityState: string };
  t.visibilityState = 'visible';
  return t;
}

const settle = () => new Promise((r) => setTimeout(r, 30));

/** A signed-in device whose server answers 503 to analytics events until `fix()`. */
async function failingDevice() {
  let fail = true;
  const h = await harness({
    reply: api({
      '/api/analytics/send-bat-event': (): Reply =>
        fail ? { status: 503 } : { status: 200, body: { ok: true, id: 1 } },
    }),
  });
  const timers = fakeTimers();
  const online = manualOnline(true);
  const doc = fakeDocument();
  const requestBackgroundSync = vi.fn(async () => true);
  const trig = installTriggers(h.outbox, {
    online,
    document: doc,
    now: () => h.clock.t,
    requestBackgroundSync,
    pull: async () => undefined,
    ...timers,
  });
  const attemptsOf = async () => (await h.db.outbox.orderBy('seq').first())?.attempts;
  const sendsOf = (event: string) => h.sends().filter((s) => s.body.event === event).length;
  return { h, timers, online, doc, requestBackgroundSync, trig, attemptsOf, sendsOf, fix: () => (fail = false) };
}

describe('backoff is kept by every trigger', () => {
  it('a new entry, the tab becoming visible and the page starting again do not resend an entry before it is due', async () => {
    const d = await failingDevice();
    await trackEvent(d.h.db, GLO, { event: 'first', pageUrl: '/' });
    await vi.waitFor(async () => expect(await d.attemptsOf()).toBe(1));
    await settle();
    expect(d.timers.live()).toHaveLength(1);
    expect(d.sendsOf('first')).toBe(1);
    expect(await d.attemptsOf()).toBe(1);
    const due = (await d.h.db.outbox.orderBy('seq').first())!.nextAttemptAt;
    expect(due - d.h.clock.t).toBe(backoffDelay(1, null, () => 0.5));

    // A second entry queued behind it: Background Sync is asked for the new entry only, and the
    // head, still in backoff, is not sent (FIFO: nothing behind it goes either).
    await trackEvent(d.h.db, GLO, { event: 'second', pageUrl: '/' });
    await settle();
    d.doc.dispatchEvent(new Event('visibilitychange'));
    await settle();
    const again = installTriggers(d.h.outbox, { online: d.online, now: () => d.h.clock.t, ...fakeTimers() });
    await settle();
    again.stop();
    expect(d.sendsOf('first')).toBe(1);
    expect(d.sendsOf('second')).toBe(0);
    expect(await d.attemptsOf()).toBe(1);
    expect(d.requestBackgroundSync).toHaveBeenCalledTimes(2);

    // The timer fires when it is due: one more attempt, a longer backoff.
    const timer = d.timers.live()[0]!;
    d.h.clock.t = due;
    timer.live = false; // fired
    timer.fn();
    await vi.waitFor(async () => expect(await d.attemptsOf()).toBe(2));
    expect(d.sendsOf('first')).toBe(2);
    await vi.waitFor(() => expect(d.timers.live()).toHaveLength(1));
    expect(d.timers.live()[0]!.ms).toBe(backoffDelay(2, null, () => 0.5));
    // Going back to pending after the failure asked Background Sync for nothing more.
    expect(d.requestBackgroundSync).toHaveBeenCalledTimes(2);
    d.trig.stop();
  });

  it('coming back online retries at once as one attempt, and then sends the rest', async () => {
    const d = await failingDevice();
    await trackEvent(d.h.db, GLO, { event: 'one', pageUrl: '/' });
    await trackEvent(d.h.db, GLO, { event: 'two', pageUrl: '/' });
    await vi.waitFor(async () => expect(await d.attemptsOf()).toBe(1));
    d.online.set(false);
    d.fix();
    d.online.set(true);
    await vi.waitFor(async () => expect(await d.h.db.outbox.count()).toBe(0));
    expect(d.sendsOf('one')).toBe(2);
    expect(d.sendsOf('two')).toBe(1);
    d.trig.stop();
  });

  it('«Надіслати зараз» retries at once; failing again counts one attempt and never puts the next try later', async () => {
    const d = await failingDevice();
    await trackEvent(d.h.db, GLO, { event: 'now', pageUrl: '/' });
    await vi.waitFor(async () => expect(await d.attemptsOf()).toBe(1));
    const report = await d.h.outbox.sendNow();
    expect(d.sendsOf('now')).toBe(2);
    expect(await d.attemptsOf()).toBe(2);
    expect(report.nextAt! - d.h.clock.t).toBe(backoffDelay(1, null, () => 0.5));
    d.trig.stop();
  });

  it('no answer at all backs off to at most 30 s; an overloaded server (503) up to 5 minutes', () => {
    expect(backoffDelay(20, null, () => 1, DEFAULT_BACKOFF, true)).toBe(30_000);
    expect(backoffDelay(20, null, () => 1, DEFAULT_BACKOFF, false)).toBe(300_000);
    expect(backoffDelay(20, 60_000, () => 0, DEFAULT_BACKOFF, true)).toBe(60_000);
  });

  it('the member’s change after a 5xx without Retry-After waits at most 8 s; the app’s reports and a Retry-After keep theirs', () => {
    const member = policyFor(DEFAULT_BACKOFF, { status: 500, retryAfterMs: null, quiet: false });
    expect(backoffDelay(20, null, () => 1, member)).toBe(8_000);
    expect(
      backoffDelay(20, null, () => 1, policyFor(DEFAULT_BACKOFF, { status: 500, retryAfterMs: null, quiet: true })),
    ).toBe(300_000);
    expect(
      backoffDelay(1, 60_000, () => 0, policyFor(DEFAULT_BACKOFF, { status: 503, retryAfterMs: 60_000, quiet: false })),
    ).toBe(60_000);
    expect(
      backoffDelay(20, null, () => 1, policyFor(DEFAULT_BACKOFF, { status: 429, retryAfterMs: null, quiet: false })),
    ).toBe(300_000);
  });
});

describe('Background Sync in the service worker keeps the backoff', () => {
  it('a sync event while the entry waits its backoff sends nothing and counts no attempt', async () => {
    let answer: Reply = 'network-error';
    const net = scriptedFetch(api({ '/api/analytics/send-bat-event': () => answer }));
    vi.stubGlobal('fetch', net.fetch);
    const page = new ClubDb();
    await kvSet(page, 'pwaToken', 'member');
    await trackEvent(page, GLO, { event: 'bg', pageUrl: '/' });
    const scope = new EventTarget();
    installOutboxSync(scope as unknown as ServiceWorkerGlobalScope);
    const fire = async () => {
      const waits: Array<Promise<unknown>> = [];
      scope.dispatchEvent(
        Object.assign(new Event('sync'), {
          tag: OUTBOX_SYNC_TAG,
          lastChance: false,
          waitUntil: (p: Promise<unknown>) => void waits.push(p),
        }),
      );
      await waits[0]?.catch(() => undefined);
    };
    await fire();
    const sent = () => net.seen.filter((r) => r.headers['idempotency-key']).length;
    expect(sent()).toBe(1);
    const entry = (await page.outbox.toArray())[0]!;
    expect(entry.attempts).toBe(1);
    answer = { status: 200, body: { ok: true, id: 1 } };
    for (let i = 0; i < 5; i += 1) await fire();
    expect(sent()).toBe(1);
    expect((await page.outbox.toArray())[0]!.attempts).toBe(1);
  });
});

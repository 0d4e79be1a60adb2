import { describe, expect, it, vi } from 'vitest';
import { trackEvent } from '../../../src/sync/mutations/analytics/event';
import { manualOnline } from '../../../src/sync/engine/online';
import { installTriggers } from '../../../src/sync/engine/triggers';
import { fakeTimers } from './support/fake-timers';
import { api, GLO, harness } from './support/harness';

function fakeDocument() {
  const t = new EventTarget() as EventTarget & { visibilityState: string };
  t.visibilityState = 'hidden';
  return t;
}

describe('in-page replay triggers (docs/architecture.md#outbox; enough without Background Sync)', () => {
  it('app start replays what waits and runs the pullers', async () => {
    const h = await harness();
    await trackEvent(h.db, GLO, { event: 'queued-before-start', pageUrl: '/' });
    const pull = vi.fn(async () => undefined);
    const trig = installTriggers(h.outbox, { online: manualOnline(true), pull, ...fakeTimers() });
    await vi.waitFor(async () => expect(await h.db.outbox.count()).toBe(0));
    expect(pull).toHaveBeenCalled();
    trig.stop();
  });

  it('a new entry is sent right after it is queued, and Background Sync is requested', async () => {
    const h = await harness();
    const requestBackgroundSync = vi.fn(async () => true);
    const trig = installTriggers(h.outbox, { online: manualOnline(true), requestBackgroundSync, ...fakeTimers() });
    await trackEvent(h.db, GLO, { event: 'after-enqueue', pageUrl: '/' });
    await vi.waitFor(() => expect(h.sends().map((s) => s.body.event)).toEqual(['after-enqueue']));
    expect(requestBackgroundSync).toHaveBeenCalled();
    trig.stop();
  });

  it('offline: nothing is tried; the online event sends it', async () => {
    const h = await harness();
    const online = manualOnline(false);
    const trig = installTriggers(h.outbox, { online, ...fakeTimers() });
    await trackEvent(h.db, GLO, { event: 'offline', pageUrl: '/' });
    await new Promise((r) => setTimeout(r, 50));
    expect(h.seen).toHaveLength(0);
    online.set(true);
    await vi.waitFor(async () => expect(await h.db.outbox.count()).toBe(0));
    trig.stop();
  });

  it('the tab becoming visible replays and pulls', async () => {
    const h = await harness();
    const online = manualOnline(false);
    const doc = fakeDocument();
    const pull = vi.fn(async () => undefined);
    const trig = installTriggers(h.outbox, { online, document: doc, pull, ...fakeTimers() });
    await trackEvent(h.db, GLO, { event: 'x', pageUrl: '/' });
    online.set(true);
    await vi.waitFor(async () => expect(await h.db.outbox.count()).toBe(0));
    await trackEvent(h.db, GLO, { event: 'y', pageUrl: '/' });
    pull.mockClear();
    doc.visibilityState = 'visible';
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(pull).toHaveBeenCalledOnce();
    await vi.waitFor(async () => expect(await h.db.outbox.count()).toBe(0));
    trig.stop();
  });

  it('while an entry waits in backoff, a timer fires when it is due', async () => {
    let fail = true;
    const h = await harness({
      reply: api({
        '/api/analytics/send-bat-event': () => (fail ? { status: 503 } : { status: 200, body: { ok: true, id: 1 } }),
      }),
    });
    const timers = fakeTimers();
    const trig = installTriggers(h.outbox, { online: manualOnline(true), now: () => h.clock.t, ...timers });
    await trackEvent(h.db, GLO, { event: 'x', pageUrl: '/' });
    await vi.waitFor(() => expect(timers.live()).toHaveLength(1));
    const timer = timers.live()[0]!;
    expect(timer.ms).toBeGreaterThanOrEqual(1000);
    expect(timer.ms).toBeLessThanOrEqual(2000);
    fail = false;
    h.clock.t += timer.ms;
    timer.fn();
    await vi.waitFor(async () => expect(await h.db.outbox.count()).toBe(0));
    trig.stop();
  });
});

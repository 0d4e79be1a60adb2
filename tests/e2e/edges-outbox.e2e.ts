// the outbox's own edges, measured from outside. Page views (the
// app's own analytics, never shown) queued ahead of the member's scans; the server then answers
// 500 to everything until the test has seen what it waits for. The member's changes never wait behind the analytics, the
// indicator says why they wait and until when, «Надіслати зараз» tries at once without pushing
// the next try later, and the queue drains soon after the server recovers (the figure printed).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForLaterPrecache, type Browser } from './support/browser';
import { freshCodes } from './support/camera';
import { rows } from './support/local-db';
import { goOffline, goOnline } from './support/network';
import type { Proxy } from './support/proxy';
import type { RunningServer } from './support/server';
import { closeSession, openSession } from './support/session';
import { signedInReady } from './shop-steps';
import { balanceOf, creditedTimes, drained, member, openManualEntry, typeCodes } from './faults-steps';

interface Entry {
  id: string;
  kind: string;
  seq: number;
  attempts: number;
  nextAttemptAt: number;
  state: string;
}

let server: RunningServer, proxy: Proxy, browser: Browser, base: string;

beforeAll(async () => ({ server, proxy, base, browser } = await openSession({ proxy: true, ready: signedInReady })));

afterAll(() => closeSession({ server, browser, proxy }));

const scans = async (page: Browser['page']) =>
  (await rows<Entry>(page, 'outbox')).filter((e) => e.kind === 'scan-code').sort((a, b) => a.seq - b.seq);

describe('the outbox after an outage, with analytics queued ahead of the member’s changes', () => {
  it('says why and until when, tries at once when asked, and drains within seconds of the server’s recovery', async () => {
    const { page, context } = browser;
    const codes = await freshCodes(server.url, 'glo', 3);
    const { token } = await member(page);
    const before = await balanceOf(base, token);
    await page.goto(`${base}/faq`);
    await openManualEntry(page, base);
    await drained(page);
    // Every screen opens offline once the worker holds the precache's later group too (the
    // worker starts after the first screen has settled, so a quick test can outrun it).
    await waitForLaterPrecache(page);

    await goOffline(context);
    // Page views first (queued a moment after each route change), then the member's scans.
    await page.goto(`${base}/faq`);
    await page.goto(`${base}/profile`);
    await expect
      .poll(async () => (await rows<Entry>(page, 'outbox')).filter((e) => e.kind === 'analytics-event').length, {
        timeout: 15_000,
      })
      .toBeGreaterThan(0);
    await typeCodes(page, base, codes);
    const queue = (await rows<Entry>(page, 'outbox')).sort((a, b) => a.seq - b.seq);
    expect(queue[0]!.kind).toBe('analytics-event');

    // The server fails every call once the network is back, until the checks below have been
    // made during the outage (a state, not a length of time: a loaded machine only makes it longer).
    const sent: Array<{ path: string; at: number; status: number }> = [];
    let healthyAt = Number.POSITIVE_INFINITY;
    proxy.tap('/api/', async (req, forward) => {
      const at = Date.now();
      if (at < healthyAt) {
        sent.push({ path: req.path, at, status: 500 });
        return { status: 500 };
      }
      const status = await forward();
      sent.push({ path: req.path, at, status });
      return 'answer';
    });
    const online = Date.now();
    await goOnline(context);

    // Item 13: the member's changes are tried themselves, and the indicator says why they wait and when the next try is.
    const indicator = page.getByTestId('sync-indicator');
    await expect
      .poll(async () => (await indicator.count()) && (await indicator.getAttribute('data-state')), { timeout: 15_000 })
      .toBe('retrying');
    expect(await indicator.textContent()).toMatch(
      /^3 зміни не надіслані: сервер тимчасово недоступний · спроба за \d+ с$/,
    );
    expect(sent.some((s) => s.path.includes('/api/scan/scan-code'))).toBe(true);

    // Item 14: «Надіслати зараз» during the outage tries now and never puts the next try later.
    let head = (await scans(page))[0]!;
    await expect
      .poll(
        async () => {
          head = (await scans(page))[0]!;
          return head.state === 'pending' && head.nextAttemptAt - Date.now() > 2500;
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    const scheduled = head.nextAttemptAt;
    const triesBefore = sent.filter((s) => s.path.includes('/api/scan/scan-code')).length;
    await indicator.click();
    await page.getByTestId('sync-send-now').click();
    await expect
      .poll(() => sent.filter((s) => s.path.includes('/api/scan/scan-code')).length, { timeout: 2000 })
      .toBeGreaterThan(triesBefore);
    await expect.poll(async () => (await scans(page))[0]!.attempts, { timeout: 5000 }).toBe(head.attempts + 1);
    const after = (await scans(page))[0]!;
    expect(after.nextAttemptAt).toBeLessThanOrEqual(scheduled);
    await page.keyboard.press('Escape');

    // The server recovers: the member's changes go within seconds (printed, target under 10 s).
    healthyAt = Date.now();
    await expect.poll(async () => (await scans(page)).length, { timeout: 30_000, interval: 100 }).toBe(0);
    const drainedAt = Date.now();
    const analyticsLeft = (await rows<Entry>(page, 'outbox')).filter((e) => e.kind === 'analytics-event').length;
    const firstScanOk = sent.find((s) => s.path.includes('/api/scan/scan-code') && s.status === 200)?.at ?? NaN;
    const firstAnalyticsOk = sent.find((s) => s.path.includes('/api/analytics/') && s.status === 200)?.at ?? NaN;
    console.log(
      `[edges-outbox] outage ${((healthyAt - online) / 1000).toFixed(1)} s; member's changes drained ${((drainedAt - healthyAt) / 1000).toFixed(1)} s after the server recovered ` +
        `(${((drainedAt - online) / 1000).toFixed(1)} s after going online); requests failed during the outage: ${sent.filter((s) => s.status === 500).length}; ` +
        `analytics entries still queued then: ${analyticsLeft}; first analytics accepted ${Number.isNaN(firstAnalyticsOk) ? 'later' : `${((firstAnalyticsOk - healthyAt) / 1000).toFixed(1)} s`}, ` +
        `first scan accepted ${((firstScanOk - healthyAt) / 1000).toFixed(1)} s after recovery`,
    );
    expect(await creditedTimes(base, token, codes)).toEqual([1, 1, 1]);
    expect(await balanceOf(base, token)).toBe(before + codes.reduce((n, c) => n + c.xp, 0));
    // Nothing lost: the page views go too, later.
    await drained(page, 120_000);
    proxy.untap();
  }, 180_000);
});

// Faults: scans and feedback queued offline, then the replay interrupted: the server
// killed after the first answers and started again, or the page closed mid-replay and opened
// again. Every scan is credited once, the feedback stored once, and the screens say so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from './support/browser';
import { freshCodes } from './support/camera';
import { queuedChanges, rows } from './support/local-db';
import { goOffline, goOnline } from './support/network';
import type { Proxy } from './support/proxy';
import type { RunningServer } from './support/server';
import { closeSession, openSession } from './support/session';
import { signedInReady } from './shop-steps';
import {
  balanceOf,
  creditedTimes,
  drained,
  feedbackFor,
  member,
  shownCredited,
  typeCodes,
  writeFeedback,
  type Code,
} from './faults-steps';

const SCAN = '/api/scan/scan-code';

let server: RunningServer, proxy: Proxy, browser: Browser, base: string;

beforeAll(async () => ({ server, proxy, base, browser } = await openSession({ proxy: true, ready: signedInReady })));

afterAll(() => closeSession({ server, browser, proxy }));

const sum = (codes: readonly Code[]) => codes.reduce((n, c) => n + c.xp, 0);

describe('a replay of scans and feedback interrupted', () => {
  it('the server killed after the first answers and restarted: each scan credited once, the feedback stored once, shown as credited and sent', async () => {
    const { page, context } = browser;
    const codes = await freshCodes(server.url, 'glo', 4);
    const { token } = await member(page);
    const before = await balanceOf(base, token);
    // Seen online once, as a member would have.
    await page.goto(`${base}/feedback`);
    await page.getByTestId('feedback-order').first().waitFor({ timeout: 20_000 });
    await page.goto(`${base}/scanning`);
    await drained(page);

    const text = 'Курʼєр приїхав раніше, дякую!';
    await goOffline(context);
    let orderId: number;
    let killed = false;
    try {
      await typeCodes(page, base, codes);
      orderId = await writeFeedback(page, base, text);
      await page.locator('[data-testid="feedback-local"][data-state="waiting"]').waitFor();
      const queued = (await queuedChanges<{ kind: string; seq: number }>(page)).sort((a, b) => a.seq - b.seq);
      expect(queued.map((e) => e.kind)).toEqual(['scan-code', 'scan-code', 'scan-code', 'scan-code', 'feedback-send']);
    } finally {
      // The second scan reaches the server and is credited; the server dies before answering it.
      let seen = 0;
      proxy.tap(SCAN, async (_req, forward) => {
        seen += 1;
        if (seen !== 2) return 'answer';
        await forward();
        await server.kill();
        killed = true;
        return 'drop';
      });
      await goOnline(context);
    }
    await expect.poll(() => killed, { timeout: 20_000 }).toBe(true);
    // The first scan was answered before the crash.
    expect((await rows<{ kind: string }>(page, 'outbox')).filter((e) => e.kind === 'scan-code').length).toBeLessThan(4);
    proxy.untap();
    // The member is told: what is not sent yet, and when the next try is.
    const indicator = page.getByTestId('sync-indicator');
    await expect.poll(() => indicator.getAttribute('data-state'), { timeout: 20_000 }).toBe('retrying');
    expect(await indicator.textContent()).toMatch(/не надіслан.* · спроба/);
    await server.start();

    // Answering again: the rest goes by itself (backoff of at most 30 s with no answer).
    await drained(page, 45_000);
    expect(await creditedTimes(base, token, codes)).toEqual([1, 1, 1, 1]);
    expect(await balanceOf(base, token)).toBe(before + sum(codes));
    const stored = await feedbackFor(base, token, orderId);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ rating: 4, text });

    await shownCredited(page, base, codes);
    await page.goto(`${base}/feedback`);
    await page.getByTestId('feedback-sent').filter({ hasText: text }).waitFor({ timeout: 15_000 });
    expect(await page.locator('[data-testid="feedback-local"]').count()).toBe(0);
  });

  it('the page closed mid-replay and opened again: the rest drains, nothing credited twice', async () => {
    const { context } = browser;
    let page = browser.page;
    const codes = await freshCodes(server.url, 'glo', 3);
    const { token } = await member(page);
    const before = await balanceOf(base, token);
    await page.goto(`${base}/scanning`);
    await drained(page);

    await goOffline(context);
    try {
      await typeCodes(page, base, codes);
      expect((await rows<{ kind: string }>(page, 'outbox')).filter((e) => e.kind === 'scan-code')).toHaveLength(3);
    } finally {
      // The first scan is answered; the page is closed while the second is on its way.
      let seen = 0;
      proxy.tap(SCAN, async (_req, forward) => {
        seen += 1;
        if (seen === 2) {
          await forward();
          await page.close();
          return 'drop';
        }
        return 'answer';
      });
      await goOnline(context);
    }
    await expect.poll(() => page.isClosed(), { timeout: 20_000 }).toBe(true);
    proxy.untap();

    page = await context.newPage();
    browser.page = page;
    await page.goto(`${base}/scanning`);
    await drained(page, 45_000);
    expect(await creditedTimes(base, token, codes)).toEqual([1, 1, 1]);
    expect(await balanceOf(base, token)).toBe(before + sum(codes));
    await shownCredited(page, base, codes);
  });

  it('the feedback written on the server but its answer lost with the server: sent again under its key, stored once', async () => {
    const { page, context } = browser;
    const [code] = await freshCodes(server.url, 'glo', 1);
    const { token } = await member(page);
    const before = await balanceOf(base, token);
    await page.goto(`${base}/feedback`);
    await page.getByTestId('feedback-order').first().waitFor({ timeout: 20_000 });
    await drained(page);

    const text = 'Упаковка ціла, все на місці.';
    let orderId: number;
    let killed = false;
    await goOffline(context);
    try {
      orderId = await writeFeedback(page, base, text);
      await typeCodes(page, base, [code!]);
    } finally {
      proxy.tap('/api/feedback/send', async (_req, forward) => {
        if (killed) return 'drop';
        expect(await forward()).toBe(200);
        await server.kill();
        killed = true;
        return 'drop';
      });
      await goOnline(context);
    }
    await expect.poll(() => killed, { timeout: 20_000 }).toBe(true);
    proxy.untap();
    // Written once already; the phone does not know it yet (looked at while the server is down:
    // once it is back, the phone's next try may come before any look).
    expect((await rows<{ kind: string }>(page, 'outbox')).some((e) => e.kind === 'feedback-send')).toBe(true);
    await server.start();
    expect(await feedbackFor(base, token, orderId)).toHaveLength(1);

    await drained(page, 45_000);
    expect(await feedbackFor(base, token, orderId)).toEqual([expect.objectContaining({ rating: 4, text })]);
    expect(await creditedTimes(base, token, [code!])).toEqual([1]);
    expect(await balanceOf(base, token)).toBe(before + code!.xp);
    await page.goto(`${base}/feedback`);
    await page.getByTestId('feedback-sent').filter({ hasText: text }).waitFor({ timeout: 15_000 });
  });
});

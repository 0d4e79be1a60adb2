// Faults: the phone's storage runs out while offline. Every IndexedDB write of the page
// fails with QuotaExceededError (as a full disk makes it) from a moment on: the member is told in
// Ukrainian that the change was not kept, and what was queued before still reaches the server.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUOTA_MESSAGE } from '../../src/db/storage';
import type { Browser } from './support/browser';
import { freshCodes } from './support/camera';
import { queuedChanges, rows } from './support/local-db';
import { goOffline, goOnline } from './support/network';
import { serverMetafield } from './support/server-api';
import type { RunningServer } from './support/server';
import { productCard, signedInReady } from './shop-steps';
import { balanceOf, creditedTimes, drained, member, openManualEntry, typeCodes } from './faults-steps';
import { listedProductIds } from './support/catalogue';
import { closeSession, openSession } from './support/session';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await openSession());
  // A full disk, switched on by the test: add/put of every object store throw as Chromium's would.
  await browser.context.addInitScript(() => {
    // The flag lives in sessionStorage, so it holds across the tab's navigations.
    for (const name of ['add', 'put'] as const) {
      const original = IDBObjectStore.prototype[name];
      IDBObjectStore.prototype[name] = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
        if (sessionStorage.getItem('diskFull') === '1')
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        return original.apply(this, args);
      };
    }
  });
  await signedInReady(browser.page, server.url);
});

afterAll(() => closeSession({ server, browser }));

const diskFull = (page: Page, full: boolean) =>
  page.evaluate((f) => (f ? sessionStorage.setItem('diskFull', '1') : sessionStorage.removeItem('diskFull')), full);

describe('storage full while offline', () => {
  it('says so in Ukrainian, keeps nothing half-done, and sends what was queued before once back online', async () => {
    const { page, context } = browser;
    const base = server.url;
    const [kept, refused] = await freshCodes(base, 'glo', 2);
    const { token, glo } = await member(page);
    const favsBefore = ((await serverMetafield(base, token, glo, 'favorites')) as number[] | null) ?? [];
    const cartBefore = ((await serverMetafield(base, token, glo, 'cart')) as Array<{ id: number }> | null) ?? [];
    const balance = await balanceOf(base, token);
    await page.goto(`${base}/shop/sticks`);
    const ids = await listedProductIds(page);
    const [fav, line] = ids.filter((id) => !favsBefore.includes(id) && !cartBefore.some((l) => l.id === id));
    await openManualEntry(page, base);
    await page.goto(`${base}/shop/sticks`);
    await drained(page);

    await goOffline(context);
    try {
      // Kept while there is room: a favourite and a scan.
      await productCard(page, fav!).getByTestId('favourite-toggle').click();
      await expect
        .poll(() => productCard(page, fav!).getByTestId('favourite-toggle').getAttribute('aria-pressed'))
        .toBe('true');
      await typeCodes(page, base, [kept!]);
      const queuedBefore = await queuedChanges<{ id: string; kind: string }>(page);
      expect(queuedBefore.map((e) => e.kind).sort()).toEqual(['favourite-toggle', 'scan-code']);

      // The disk is full: a cart line and a second scan are refused, and the member is told.
      await diskFull(page, true);
      await page.goto(`${base}/shop/sticks`);
      await productCard(page, line!).getByTestId('add-to-cart').click();
      await page.getByText(QUOTA_MESSAGE).first().waitFor({ timeout: 10_000 });
      await openManualEntry(page, base);
      await page.getByTestId('manual-code').fill(refused!.code);
      await page.getByTestId('manual-code').press('Enter');
      await expect.poll(() => page.getByTestId('manual-entry').textContent()).toContain(QUOTA_MESSAGE);

      // Room again (the member freed some): nothing of the refused changes was kept, the rest is all there.
      await diskFull(page, false);
      const queuedAfter = await queuedChanges<{ id: string; kind: string }>(page);
      expect(queuedAfter.map((e) => e.id).sort()).toEqual(queuedBefore.map((e) => e.id).sort());
      expect((await rows<{ code: string }>(page, 'scans')).map((s) => s.code)).toEqual([kept!.code]);
      expect((await rows<{ productId: number }>(page, 'cart')).some((l) => l.productId === line)).toBe(false);
    } finally {
      await diskFull(page, false).catch(() => undefined);
      await goOnline(context);
    }

    await drained(page, 45_000);
    const favs = ((await serverMetafield(base, token, glo, 'favorites')) as number[]) ?? [];
    expect(favs.filter((id) => id === fav)).toHaveLength(1);
    const cart = ((await serverMetafield(base, token, glo, 'cart')) as Array<{ id: number }> | null) ?? [];
    expect(cart.some((l) => l.id === line)).toBe(false);
    expect(await creditedTimes(base, token, [kept!, refused!])).toEqual([1, 0]);
    expect(await balanceOf(base, token)).toBe(balance + kept!.xp);
  });
});

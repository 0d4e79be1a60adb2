// Faults: a newer app version is deployed while a tab is offline with changes waiting.
// Back online after more than the check's 5 minutes (docs/rules.md#states version check), the app sees the new
// version, deletes its caches and reloads; the queued changes survive it and are sent once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, type Browser } from './support/browser';
import { freshCodes } from './support/camera';
import { queuedChanges } from './support/local-db';
import { goOffline, goOnline } from './support/network';
import { serverMetafield } from './support/server-api';
import { startServer, type RunningServer } from './support/server';
import { signedInReady } from './shop-steps';
import { balanceOf, creditedTimes, drained, member, openManualEntry, typeCodes } from './faults-steps';
import { listedProductIds } from './support/catalogue';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ APP_VERSION: '1.0.0' });
  browser = await openBrowser();
  // The page's clock, so the tab can stay offline for six minutes in a few seconds.
  await browser.context.clock.install();
  await signedInReady(browser.page, server.url);
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

describe('a new version deployed while a tab is offline', () => {
  it('back online: caches deleted, the app reloaded, the waiting scan and favourite sent once', async () => {
    const { page, context } = browser;
    const base = server.url;
    const [code] = await freshCodes(base, 'glo', 1);
    const { token, glo } = await member(page);
    const favsBefore = ((await serverMetafield(base, token, glo, 'favorites')) as number[] | null) ?? [];
    const balance = await balanceOf(base, token);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('appVersion')), { timeout: 20_000 }).toBe('1.0.0');
    /** How many of the app's files the service worker keeps for offline starts (its precache). */
    const shellFiles = () =>
      page
        .evaluate(async () => {
          const name = (await caches.keys()).find((k) => k.startsWith('workbox-precache'));
          return name ? (await (await caches.open(name)).keys()).length : 0;
        })
        .catch(() => -1);
    const shellBefore = await shellFiles();
    expect(shellBefore).toBeGreaterThan(10);
    await page.goto(`${base}/shop/sticks`);
    const ids = await listedProductIds(page);
    const fav = ids.find((id) => !favsBefore.includes(id))!;
    await openManualEntry(page, base);
    await page.goto(`${base}/shop/sticks`);
    await drained(page);

    await goOffline(context);
    try {
      const heart = page
        .locator(`[data-testid="product-card"][data-product-id="${fav}"]`)
        .getByTestId('favourite-toggle');
      await heart.click();
      await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
      await typeCodes(page, base, [code!]);
      expect((await queuedChanges(page)).map((e) => e.kind).sort()).toEqual(['favourite-toggle', 'scan-code']);

      // Meanwhile a new version goes out; the tab stays offline for six minutes.
      await server.restart({ APP_VERSION: '1.1.0' });
      await context.clock.fastForward('06:00');
      // Marks that only a reload and the cache deletion can take away.
      await page.evaluate(async () => {
        (window as unknown as { __beforeDeploy?: boolean }).__beforeDeploy = true;
        await (await caches.open('faults-marker')).put('/faults-marker', new Response('old'));
      });
    } finally {
      await goOnline(context);
    }

    // Back online: the version check runs (its 5 minutes are over), sees 1.1.0, clears and reloads.
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('appVersion')).catch(() => null), { timeout: 30_000 })
      .toBe('1.1.0');
    await expect
      .poll(
        () =>
          page
            .evaluate(() => (window as unknown as { __beforeDeploy?: boolean }).__beforeDeploy ?? false)
            .catch(() => true),
        { timeout: 20_000 },
      )
      .toBe(false);
    expect(await page.evaluate(() => caches.has('faults-marker'))).toBe(false);

    await drained(page, 45_000);
    const favs = ((await serverMetafield(base, token, glo, 'favorites')) as number[]) ?? [];
    expect(favs.filter((id) => id === fav)).toHaveLength(1);
    expect(favs).toHaveLength(favsBefore.length + 1);
    expect(await creditedTimes(base, token, [code!])).toEqual([1]);
    expect(await balanceOf(base, token)).toBe(balance + code!.xp);
    // The reloaded app works: the scan shows as credited.
    await page.goto(`${base}/scanning`);
    await page
      .locator(`[data-testid="scan-row"][data-scan-code="${code!.code}"][data-state="credited"]`)
      .waitFor({ timeout: 20_000 });

    // And it still opens with no network after its caches were deleted.
    // The service worker puts the app's files back in the background; all of them, as before the deploy.
    await expect.poll(shellFiles, { timeout: 30_000 }).toBe(shellBefore);
    await goOffline(context);
    try {
      await page.reload();
      await page
        .locator(`[data-testid="scan-row"][data-scan-code="${code!.code}"][data-state="credited"]`)
        .waitFor({ timeout: 20_000 });
      await page.goto(`${base}/shop/sticks`);
      await page.locator(`[data-testid="product-card"][data-product-id="${fav}"]`).waitFor({ timeout: 20_000 });
    } finally {
      await goOnline(context);
    }
  });
});

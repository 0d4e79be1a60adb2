// Faults: two tabs of one browser, both offline, a change in each (a favourite and a
// scan in one, a cart line in the other); back online, each change reaches the server once.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from './support/browser';
import { freshCodes } from './support/camera';
import { queuedChanges } from './support/local-db';
import { goOffline, goOnline } from './support/network';
import { serverMetafield } from './support/server-api';
import type { RunningServer } from './support/server';
import { productCard, signedInReady } from './shop-steps';
import { balanceOf, creditedTimes, drained, member, typeCodes } from './faults-steps';
import { listedProductIds } from './support/catalogue';
import { closeSession, openSession } from './support/session';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => ({ server, browser } = await openSession({ ready: signedInReady })));

afterAll(() => closeSession({ server, browser }));

async function openSticks(page: Page): Promise<number[]> {
  await page.goto(`${server.url}/shop/sticks`);
  return listedProductIds(page);
}

describe('two tabs, both offline', () => {
  it('a favourite and a scan in one, a cart line in the other: each once on the server', async () => {
    const { context, page: tabA } = browser;
    const tabB = await context.newPage();
    const base = server.url;
    const [code] = await freshCodes(base, 'glo', 1);
    const { token, glo } = await member(tabA);
    const favsBefore = ((await serverMetafield(base, token, glo, 'favorites')) as number[] | null) ?? [];
    const cartBefore =
      ((await serverMetafield(base, token, glo, 'cart')) as Array<{ id: number; count: number }> | null) ?? [];
    const balance = await balanceOf(base, token);

    const ids = await openSticks(tabA);
    await openSticks(tabB);
    const [fav, line] = ids.filter((id) => !favsBefore.includes(id) && !cartBefore.some((l) => l.id === id));
    await tabA.goto(`${base}/scanning`);
    await tabA.getByTestId('manual-open').or(tabA.getByTestId('manual-code')).first().waitFor();
    await tabA.goto(`${base}/shop/sticks`);
    await productCard(tabA, fav!).waitFor();
    await drained(tabA);

    await goOffline(context);
    try {
      await productCard(tabA, fav!).getByTestId('favourite-toggle').click();
      await expect
        .poll(() => productCard(tabA, fav!).getByTestId('favourite-toggle').getAttribute('aria-pressed'))
        .toBe('true');
      await productCard(tabB, line!).getByTestId('add-to-cart').click();
      await typeCodes(tabA, base, [code!]);
      // Each tab sees the other's change in the one local database.
      await expect
        .poll(() => productCard(tabB, fav!).getByTestId('favourite-toggle').getAttribute('aria-pressed'))
        .toBe('true');
      const kinds = (await queuedChanges(tabB)).map((e) => e.kind).sort();
      expect(kinds).toEqual(['cart-change', 'favourite-toggle', 'scan-code']);
    } finally {
      await goOnline(context);
    }

    // Both tabs come back online at once and both may replay: one sends, under one lock.
    await drained(tabA, 45_000);
    await drained(tabB);
    const favs = ((await serverMetafield(base, token, glo, 'favorites')) as number[]) ?? [];
    expect(favs.filter((id) => id === fav)).toHaveLength(1);
    expect(favs).toHaveLength(favsBefore.length + 1);
    const cart = ((await serverMetafield(base, token, glo, 'cart')) as Array<{ id: number; count: number }>) ?? [];
    expect(cart.filter((l) => l.id === line)).toEqual([expect.objectContaining({ count: 1 })]);
    expect(cart).toHaveLength(cartBefore.length + 1);
    expect(await creditedTimes(base, token, [code!])).toEqual([1]);
    expect(await balanceOf(base, token)).toBe(balance + code!.xp);
    await tabA
      .locator(`[data-testid="scan-row"][data-scan-code="${code!.code}"][data-state="credited"]`)
      .waitFor({ timeout: 20_000 });
  });
});

// toasts never hide the header (back arrow, title, menu), stack at most two,
// and a refusal replaces the success it contradicts («Додано в кошик: X» beside its refusal).
import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from './support/browser';
import { listedProductIds } from './support/catalogue';
import { goOffline, goOnline } from './support/network';
import { serverMetafield } from './support/server-api';
import type { RunningServer } from './support/server';
import { closeSession, openSession } from './support/session';
import { productCard, signedInReady, tapAddToCart } from './shop-steps';
import { drained, member } from './faults-steps';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => ({ server, browser } = await openSession({ ready: signedInReady })));

afterAll(() => closeSession({ server, browser }));

/** Whether any toast covers the middle of the header's back arrow, title or menu button. */
function headerCovered(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const parts = ['[data-testid="back"]', '.app-header__title', '[data-testid="menu-button"]']
      .map((s) => document.querySelector(s))
      .filter((e): e is Element => !!e);
    return parts.some((el) => {
      const r = el.getBoundingClientRect();
      const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return !!top?.closest('.toast');
    });
  });
}

describe('toasts', () => {
  it('stay under the header, two at most, and a refusal replaces the success it contradicts', async () => {
    const { page, context } = browser;
    const base = server.url;
    const m = await member(page);
    const cart = ((await serverMetafield(base, m.token, m.glo, 'cart')) as Array<{ id: number }> | null) ?? [];
    await page.goto(`${base}/shop/sticks`);
    const ids = (await listedProductIds(page)).filter((id) => !cart.some((l) => l.id === id));
    expect(ids.length).toBeGreaterThanOrEqual(5);
    await drained(page);

    // Four additions in a row: four toasts asked for, two on screen, none over the header.
    for (const id of ids.slice(0, 4)) {
      await tapAddToCart(page, id);
      expect(await page.locator('.toast').count()).toBeLessThanOrEqual(2);
      expect(await headerCovered(page)).toBe(false);
    }
    expect(await page.locator('.toast').count()).toBe(2);
    const toaster = await page.locator('.toaster').boundingBox();
    const header = await page.locator('.app-header').boundingBox();
    expect(toaster!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
    await drained(page);

    // Added offline; meanwhile the shop sells the last pack; back online the addition is refused.
    const soldOut = ids[4]!;
    const title = (await productCard(page, soldOut).locator('.product-card__title').textContent())!.trim();
    await goOffline(context);
    await tapAddToCart(page, soldOut);
    await page
      .locator('.toast')
      .filter({ hasText: `Додано в кошик: ${title}` })
      .waitFor();
    const db = new Database(join(server.dataDir, 'club.db'));
    db.prepare('UPDATE products SET available = 0 WHERE id = ?').run(soldOut);
    db.close();
    await goOnline(context);
    await page.getByRole('alert').filter({ hasText: title }).waitFor({ timeout: 30_000 });
    expect(
      await page
        .locator('.toast')
        .filter({ hasText: `Додано в кошик: ${title}` })
        .count(),
    ).toBe(0);
    expect(await page.locator('.toast').count()).toBeLessThanOrEqual(2);
    const after =
      ((await serverMetafield(base, m.token, m.glo, 'cart')) as Array<{ id: number; count: number }> | null) ?? [];
    expect(after.find((l) => l.id === soldOut)?.count ?? 0).toBe(0);
  });
});

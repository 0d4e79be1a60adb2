import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITE_XP_PER_FRIEND } from '../../src/domain/invite/calculator';
import { openBrowser, type Browser } from './support/browser';
import { kv } from './support/local-db';
import { serverCall } from './support/server-api';
import { startServer, type RunningServer } from './support/server';
import { addProduct, againLater, checkoutToBranch, placeOrder, signedInReady, switchVariant } from './shop-steps';

// /profile/referral (get-referrals) must change once an invited friend makes
// a first order with the member's code, as the XP history's +300 line already says.

let server: RunningServer;
let olena: Browser;
let andrii: Browser;
const OLENA = '380500000001';
const ANDRII = '380500000002';
const OLENA_CODE = 'REW-OLENA7';

interface Referrals {
  count: number;
  ordered: number;
  referrals: Array<{ first_name: string; first_order: boolean }>;
}

beforeAll(async () => {
  server = await startServer();
  olena = await openBrowser();
  andrii = await openBrowser();
  await signedInReady(olena.page, server.url, OLENA);
  await signedInReady(andrii.page, server.url, ANDRII);
});

afterAll(async () => {
  await olena?.close();
  await andrii?.close();
  await server?.dispose();
});

async function serverReferrals(page: Page): Promise<Referrals> {
  return serverCall<Referrals>(server.url, await kv<string>(page, 'pwaToken'), '/api/user/get-referrals');
}

/** Home → side menu → profile → «Запрошені друзі», as a member gets there. */
async function openReferrals(page: Page): Promise<void> {
  await page.goto(`${server.url}/profile`);
  await page.locator('a[href="/profile/referral"]').first().click();
  await page.waitForURL(`${server.url}/profile/referral`);
  await page.getByTestId('referral-count').waitFor();
}

async function shownFriends(page: Page): Promise<string[]> {
  return page.getByTestId('referral-item').allTextContents();
}

describe('/profile/referral after a friend’s first order', () => {
  it('lists the friend who ordered with the code, with the XP they brought, on both variants, as the server says', async () => {
    const base = server.url;
    await openReferrals(olena.page);
    const before = await serverReferrals(olena.page);
    expect(await olena.page.getByTestId('referral-count').textContent()).toBe(String(before.count));
    expect((await shownFriends(olena.page)).some((t) => t.includes('Андрій'))).toBe(false);

    // Андрій, who registered without Олена's code, makes his first ogo order with it.
    await switchVariant(andrii.page, base, 'ogo');
    await addProduct(andrii.page, base, 'ogo-sticks-single', 91);
    await andrii.page.goto(`${base}/shop/cart`);
    await andrii.page.getByTestId('friend-code-input').fill(OLENA_CODE);
    await againLater(andrii.page);
    await andrii.page.getByTestId('friend-code-apply').click();
    await andrii.page.getByTestId('friend-code-kept').waitFor();
    await checkoutToBranch(andrii.page, base, 'Хар', 'Харків', 7, 1);
    await placeOrder(andrii.page, base);

    // The server now counts him, as ordered.
    const after = await serverReferrals(olena.page);
    expect(after.count).toBe(before.count + 1);
    expect(after.ordered).toBe(before.ordered + 1);
    expect(after.referrals).toContainEqual(expect.objectContaining({ first_name: 'Андрій', first_order: true }));

    // Олена opens her friends again, on glo and on ogo: the screen agrees with the server.
    for (const variant of ['glo', 'ogo'] as const) {
      await switchVariant(olena.page, base, variant);
      await openReferrals(olena.page);
      await expect.poll(() => olena.page.getByTestId('referral-count').textContent()).toBe(String(after.count));
      const row = olena.page.getByTestId('referral-item').filter({ hasText: 'Андрій' });
      await row.waitFor();
      expect(await row.textContent()).toContain(`+${INVITE_XP_PER_FRIEND} XP`);
      expect(await olena.page.getByTestId('referral-item').count()).toBe(after.referrals.length);
    }
  });
});

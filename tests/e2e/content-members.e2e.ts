import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, waitForServiceWorker, type Browser } from './support/browser';
import { kv } from './support/local-db';
import { serverCall } from './support/server-api';
import { startServer, type RunningServer } from './support/server';
import { DEMO_PHONE } from './support/sign-in';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await openBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

function serverRows<T>(sql: string, ...params: unknown[]): T[] {
  const db = new Database(join(server.dataDir, 'club.db'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

/** Clicks what opens a new tab and returns that tab once its page has loaded. */
async function opensTab(page: Page, click: () => Promise<void>): Promise<Page> {
  const [tab] = await Promise.all([page.context().waitForEvent('page', { timeout: 20_000 }), click()]);
  await tab.waitForURL(/\/sandbox\//, { timeout: 15_000 });
  await tab.waitForLoadState();
  return tab;
}

describe('the members’ remaining calls where the flows use them', () => {
  it('a sign-in from the chat bot’s link is counted once (send-bot-stat)', async () => {
    const { page, context } = browser;
    await context.addCookies([{ name: 'showIs18', value: '1', url: server.url }]);
    await page.goto(`${server.url}/auth?utm_source=chatbot`);
    await page.getByTestId('auth-phone').fill(DEMO_PHONE);
    await page.getByTestId('auth-submit').click();
    await page.waitForURL(`${server.url}/`);
    await page.getByTestId('menu-button').waitFor();
    await waitForServiceWorker(page);
    await expect
      .poll(() => serverRows("SELECT id FROM analytics_events WHERE kind = 'bot-stat'").length, { timeout: 20_000 })
      .toBe(1);
    const [row] = serverRows<{ payload: string }>("SELECT payload FROM analytics_events WHERE kind = 'bot-stat'");
    expect(JSON.parse(row!.payload)).toMatchObject({ phone: DEMO_PHONE, variant: 'glo' });
  });

  it('the menu’s full website and /go-buy open the glo site signed in (mlogin-glo); the velo test drive opens the velo store (get-velo-user)', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/`);
    await page.getByTestId('menu-button').click();
    const link = page.getByTestId('side-menu').getByTestId('full-site-link');
    await link.waitFor();
    const site = await opensTab(page, () => link.click());
    expect(site.url()).toContain('/sandbox/glo-site?ticket=');
    expect(await site.locator('h1').textContent()).toMatch(/^Вітаємо, Олена/);
    await site.close();

    await page.goto(`${server.url}/go-buy`);
    const buy = await opensTab(page, () => page.getByTestId('go-buy-site').click());
    expect(await buy.locator('h1').textContent()).toMatch(/^Вітаємо, Олена/);
    await buy.close();

    await page.goto(`${server.url}/test-drive/velo`);
    const velo = await opensTab(page, () => page.getByTestId('velo-test-drive').click());
    expect(velo.url()).toContain('/sandbox/velo-store?ticket=');
    expect(await velo.locator('h1').textContent()).toMatch(/^Вітаємо, Олена/);
    await velo.close();
  });

  it('the news consent switch reaches the member’s record (update-tags)', async () => {
    const { page } = browser;
    const token = await kv<string>(page, 'pwaToken');
    const gloId = (await kv<{ glo: number }>(page, 'customerIds')).glo;
    const tags = async () =>
      (await serverCall<{ customer: { tags: string[] } }>(server.url, token, '/api/user/get-user', { id: gloId }))
        .customer.tags;
    expect(await tags()).not.toContain('news_consent');
    await page.goto(`${server.url}/news`);
    const consent = page.getByTestId('news-consent').locator('input');
    await consent.check();
    await expect.poll(tags, { timeout: 20_000 }).toContain('news_consent');
    expect(await tags()).toContain('age_verified');
    await consent.uncheck();
    await expect.poll(tags, { timeout: 20_000 }).not.toContain('news_consent');
  });

  it('signing out everywhere on /support revokes every token of the member (token-clear) and goes to /auth', async () => {
    const { page } = browser;
    const token = await kv<string>(page, 'pwaToken');
    const other = await serverCall<{ token: string }>(server.url, null, '/api/api-auth/test-login', {
      phone: DEMO_PHONE,
    });
    await page.goto(`${server.url}/support`);
    await page.getByTestId('sign-out-everywhere').click();
    await page.getByTestId('sign-out-everywhere-yes').click();
    // The logout goes to /auth (docs/rules.md#screens); it cleared the age answer too, so the age question comes first.
    await page.waitForURL(/\/(auth|is18)$/, { timeout: 20_000 });
    expect(await page.context().cookies()).not.toContainEqual(expect.objectContaining({ name: 'usertoken' }));
    for (const t of [token, other.token]) {
      const check = await serverCall<{ code: number; token?: string }>(server.url, t, '/api/api-auth/check-token', {});
      expect(check.token).toBeUndefined();
    }
  });

  it('signing in right after registering: no code is claimed sent, the resend button counts the server’s wait down', async () => {
    const { page } = browser;
    const phone = '380671112233';
    // The logout before cleared the age answer with the other cookies (docs/rules.md#states).
    await page.context().addCookies([{ name: 'showIs18', value: '1', url: server.url }]);
    await page.goto(`${server.url}/registration`);
    await page.getByTestId('reg-first-name').fill('Марта');
    await page.getByTestId('reg-last-name').fill('Нова');
    await page.getByTestId('reg-email').fill('marta.nova@example.com');
    await page.getByTestId('reg-phone').fill(`+${phone}`);
    await page.getByTestId('reg-adult').check();
    await page.getByTestId('reg-submit').click();
    await page.getByTestId('auth-code').waitFor();
    const [sms] = serverRows<{ code: string }>('SELECT code FROM sms_outbox WHERE phone = ? ORDER BY id DESC', phone);
    await page.getByTestId('auth-code').fill(sms!.code);
    await page.getByTestId('auth-confirm').click();
    await page.waitForURL(`${server.url}/`);
    // Logged out at once (the menu's logout), then straight back to sign in.
    await page.getByTestId('menu-button').click();
    await page.getByRole('button', { name: 'Вийти' }).click();
    await page.waitForURL(/\/(auth|is18)$/, { timeout: 20_000 });
    await page.context().addCookies([{ name: 'showIs18', value: '1', url: server.url }]);
    await page.goto(`${server.url}/auth`);
    await page.getByTestId('auth-phone').fill(phone);
    await page.getByTestId('auth-submit').click();
    const wait = page.getByTestId('code-wait');
    await wait.waitFor();
    expect(await wait.textContent()).toContain('Код ще не надіслано');
    expect(await page.locator('main').textContent()).not.toContain('Ми надіслали');
    expect(await page.getByTestId('auth-code').count()).toBe(0);
    const resend = page.getByTestId('auth-resend');
    expect(await resend.isDisabled()).toBe(true);
    const seconds = async () => Number(/· (\d+) с/.exec((await resend.textContent()) ?? '')?.[1] ?? NaN);
    const first = await seconds();
    expect(first).toBeGreaterThan(30);
    expect(first).toBeLessThanOrEqual(60);
    await expect.poll(seconds, { timeout: 5_000 }).toBeLessThan(first);
    // The server sent nothing for this sign-in: the only SMS is the registration's.
    expect(serverRows('SELECT id FROM sms_outbox WHERE phone = ?', phone)).toHaveLength(1);
  });
});

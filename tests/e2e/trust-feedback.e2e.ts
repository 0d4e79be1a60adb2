import type { Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, type Browser } from './support/browser';
import { kv } from './support/local-db';
import { serverCall } from './support/server-api';
import { startServer, type RunningServer } from './support/server';
import { signedInReady, switchVariant } from './shop-steps';

// /feedback offers each variant only its own purchases (on ogo, no
// glo store purchase), and «Мої відгуки» says which order (№, date) or which store each rates.

let server: RunningServer;
let browser: Browser;

interface Purchase {
  id: number;
  variant: 'glo' | 'ogo';
  store: string;
  date: string;
  canFeedback: boolean;
}
interface Sent {
  id: number;
  kind: 'online' | 'offline';
  variant: 'glo' | 'ogo';
  orderId: number | null;
  orderNumber: number | null;
  store: string | null;
  boughtAt: string | null;
  text: string;
}

beforeAll(async () => {
  server = await startServer();
  browser = await openBrowser();
  mkdirSync('screenshots', { recursive: true });
  await signedInReady(browser.page, server.url);
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

async function feedbackToken(page: Page): Promise<{ bearer: string; token: string }> {
  const bearer = await kv<string>(page, 'pwaToken');
  return { bearer, token: (await serverCall<{ token: string }>(server.url, bearer, '/api/feedback/get-auth')).token };
}

async function serverPurchases(page: Page): Promise<Purchase[]> {
  const { bearer, token } = await feedbackToken(page);
  return (await serverCall<{ orders: Purchase[] }>(server.url, bearer, '/api/feedback/get-offline-orders', { token }))
    .orders;
}

async function serverFeedback(page: Page): Promise<Sent[]> {
  const { bearer, token } = await feedbackToken(page);
  return (await serverCall<{ feedback: Sent[] }>(server.url, bearer, '/api/feedback/get-list', { token })).feedback;
}

/** /feedback from the side menu's home: the page with its purchases loaded. */
async function openFeedback(page: Page): Promise<void> {
  await page.goto(`${server.url}/feedback`);
  await page
    .getByTestId('feedback-mine')
    .or(page.getByText('Ти ще не залишав відгуків'))
    .first()
    .waitFor({ timeout: 20_000 });
  await page.getByTestId('feedback-purchase').first().waitFor({ timeout: 20_000 });
}

// The app writes days in Kyiv time (the member's shops are there), whatever the phone's zone: so does the check.
const day = (iso: string) => new Date(iso).toLocaleDateString('uk-UA', { timeZone: 'Europe/Kyiv' });

async function rate(page: Page, stars: number, text: string): Promise<void> {
  const form = page.getByTestId('feedback-form');
  await form.waitFor();
  await form.locator(`label:has([data-testid="feedback-star-${stars}"])`).click();
  await form.getByTestId('feedback-text').fill(text);
  await form.getByTestId('feedback-submit').click();
  await form.waitFor({ state: 'detached' });
}

describe('/feedback on each variant', () => {
  it('on ogo offers only ogo store purchases; the review names the store and the date', async () => {
    const { page } = browser;
    await switchVariant(page, server.url, 'ogo');
    await openFeedback(page);
    // The background import has run: the server's purchases of ogo stores, and only those, are offered.
    const all = await serverPurchases(page);
    expect(all.some((p) => p.variant === 'glo' && p.canFeedback)).toBe(true);
    const ogo = all.filter((p) => p.variant === 'ogo' && p.canFeedback);
    expect(ogo.length).toBeGreaterThan(0);
    await expect
      .poll(async () => (await page.getByTestId('feedback-purchase').locator('strong').allTextContents()).sort())
      .toEqual(ogo.map((p) => p.store).sort());

    const first = page.getByTestId('feedback-purchase').first();
    const store = (await first.locator('strong').textContent()) ?? '';
    await first.getByTestId('feedback-rate-store').click();
    await rate(page, 5, 'Консультант ogo усе пояснив.');
    const card = page.getByTestId('feedback-sent').filter({ hasText: 'Консультант ogo усе пояснив.' });
    await card.waitFor({ timeout: 20_000 });

    const mine = (await serverFeedback(page)).find((f) => f.text === 'Консультант ogo усе пояснив.');
    expect(mine).toMatchObject({ kind: 'offline', variant: 'ogo', store });
    expect(await card.getByTestId('feedback-about').textContent()).toBe(`Покупка: ${mine!.store}`);
    expect(await card.getByTestId('feedback-when').textContent()).toContain(`Куплено ${day(mine!.boughtAt!)}`);
    // No glo review is listed on ogo.
    for (const t of await page.getByTestId('feedback-about').allTextContents()) expect(t).not.toContain('glo');
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'screenshots/feedback-mine.ogo.png' });
  });

  it('on glo offers only glo store purchases; an online order’s review names its № and date', async () => {
    const { page } = browser;
    await switchVariant(page, server.url, 'glo');
    await openFeedback(page);
    const glo = (await serverPurchases(page)).filter((p) => p.variant === 'glo' && p.canFeedback);
    await expect
      .poll(async () => (await page.getByTestId('feedback-purchase').locator('strong').allTextContents()).sort())
      .toEqual(glo.map((p) => p.store).sort());
    // The ogo review is not among glo's.
    expect(await page.getByTestId('feedback-sent').filter({ hasText: 'Консультант ogo усе пояснив.' }).count()).toBe(0);

    const order = page.getByTestId('feedback-order').first();
    const orderId = Number(await order.getAttribute('data-order'));
    await order.getByTestId('feedback-rate').click();
    await rate(page, 4, 'Доставка glo швидка.');
    const card = page.getByTestId('feedback-sent').filter({ hasText: 'Доставка glo швидка.' });
    await card.waitFor({ timeout: 20_000 });

    const mine = (await serverFeedback(page)).find((f) => f.orderId === orderId);
    expect(mine).toMatchObject({ kind: 'online', variant: 'glo' });
    expect(mine!.orderNumber).toBeGreaterThan(0);
    expect(await card.getByTestId('feedback-about').textContent()).toBe(`Онлайн-замовлення №${mine!.orderNumber}`);
    expect(await card.getByTestId('feedback-when').textContent()).toContain(`Замовлено ${day(mine!.boughtAt!)}`);
    // Every review on glo names what it rates: none says only «Онлайн-замовлення».
    for (const t of await page.getByTestId('feedback-about').allTextContents())
      expect(t).toMatch(/^(Онлайн-замовлення №\d+|Покупка: glo .+)$/);
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'screenshots/feedback-mine.glo.png' });
  });
});

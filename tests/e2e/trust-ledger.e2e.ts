import type { Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, type Browser } from './support/browser';
import { freshCodes } from './support/camera';
import { kv, rows } from './support/local-db';
import { goOffline, goOnline } from './support/network';
import { serverCall } from './support/server-api';
import { startServer, type RunningServer } from './support/server';
import { typeCodes } from './faults-steps';
import {
  chooseBranch,
  choosePayment,
  openDelivery,
  placeOrder,
  serverBalance,
  signedInReady,
  switchVariant,
} from './shop-steps';

// numbers a member can trust. Each figure read off the screens after the member acted
// through them (typing a code on /scanning, ordering from /exchange) is compared with the server's.

let server: RunningServer;
let browser: Browser;
const SHOTS = 'screenshots';

beforeAll(async () => {
  server = await startServer();
  browser = await openBrowser();
  mkdirSync(SHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

const digits = (t: string | null) => Number((t ?? '').replace(/\D/g, ''));
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` });

async function serverScanHistory(page: Page, variant: 'glo' | 'ogo'): Promise<{ total: number; coinCount: number }> {
  const token = await kv<string>(page, 'pwaToken');
  return serverCall(server.url, token, '/api/scan/get-history', {
    offset: 0,
    ...(variant === 'ogo' ? { ogo: true } : {}),
  });
}

const outboxDrained = (page: Page) =>
  expect
    .poll(
      async () =>
        (await rows<{ kind: string; state: string }>(page, 'outbox')).filter(
          (e) => e.kind !== 'analytics-event' && e.state !== 'failed',
        ).length,
      { timeout: 30_000 },
    )
    .toBe(0);

describe('one balance on every screen (defect 1)', () => {
  it.each(['glo', 'ogo'] as const)(
    '%s: /scanning’s «Баланс», home, /history-bonuses, /certificates and /exchange all show the server’s balance of the variant',
    async (variant) => {
      const { page } = browser;
      await signedInReady(page, server.url);
      await switchVariant(page, server.url, variant);
      const expected = await serverBalance(page, server.url, variant);
      // The other variant's balance differs, so a sum of both would show.
      expect(await serverBalance(page, server.url, variant === 'glo' ? 'ogo' : 'glo')).toBeGreaterThan(0);
      const figures: Array<[string, string]> = [
        ['/scanning', 'full-balance'],
        ['/', 'xp-balance'],
        ['/history-bonuses', 'xp-history-balance'],
        ['/certificates', 'cert-balance'],
        ['/exchange', 'exchange-balance'],
      ];
      for (const [path, id] of figures) {
        await page.goto(`${server.url}${path}`);
        await expect
          .poll(async () => digits(await page.getByTestId(id).first().textContent()), {
            timeout: 20_000,
            message: `${variant} ${path}`,
          })
          .toBe(expected);
      }
      expect(
        await page.goto(`${server.url}/scanning`).then(() => page.getByTestId('full-balance').textContent()),
      ).toContain(`Баланс ${variant}`);
    },
  );
});

describe('an order paid in XP from /exchange (defect 2)', () => {
  it('/history-bonuses shows the new balance and the order’s line at once, as the server has them', async () => {
    const { page } = browser;
    const base = server.url;
    await signedInReady(page, base);
    await switchVariant(page, base, 'glo');
    // Opened first, so its lines were pulled and count as fresh for minutes.
    await page.goto(`${base}/history-bonuses`);
    await page.getByTestId('xp-line').first().waitFor({ timeout: 20_000 });
    const before = await serverBalance(page, base);

    await page.goto(`${base}/exchange`);
    await page.locator('[data-testid="exchange-offer"][data-state="active"]').first().click();
    await page.getByTestId('exchange-add').click();
    await page.waitForURL(`${base}/shop/cart`);
    await openDelivery(page, base);
    await chooseBranch(page, 'Льв', 'Львів', 3);
    await choosePayment(page, base, 'xp');
    const number = await placeOrder(page, base);
    const after = await serverBalance(page, base);
    expect(after).toBeLessThan(before);

    // In the app, as a member goes there: the menu's «Історія XP» from home.
    await page.goto(`${base}/`);
    await page.getByRole('link', { name: 'Історія XP' }).first().click();
    await page.waitForURL(`${base}/history-bonuses`);
    await expect
      .poll(async () => digits(await page.getByTestId('xp-history-balance').textContent()), { timeout: 15_000 })
      .toBe(after);
    const line = page.getByTestId('xp-line').filter({ hasText: `Замовлення №${number}` });
    await line.waitFor({ timeout: 15_000 });
    expect(await line.getAttribute('data-state')).toBe('credited');
    expect(await line.getByTestId('xp-line-state').textContent()).toBe('списано');
    expect(digits(await line.getByTestId('xp-line-amount').textContent())).toBe(before - after);
    expect(await line.textContent()).toContain(`Баланс ${after.toLocaleString('uk-UA')}`);
    const history = await serverCall<{ transactions: Array<{ title: string; amount: number }> }>(
      base,
      await kv<string>(page, 'pwaToken'),
      '/api/get-bonus-history?shop=glo',
    );
    expect(history.transactions[0]).toMatchObject({ title: `Замовлення №${number}`, amount: after - before });
  });
});

describe('offline scans: the ledger and the scan history (defect 3, ledger states)', () => {
  it.each(['glo', 'ogo'] as const)(
    '%s: typed offline they wait in the ledger at once; online the history header and XP move with the rows; a refused code says why',
    async (variant) => {
      const { page, context } = browser;
      const base = server.url;
      await signedInReady(page, base);
      await switchVariant(page, base, variant);
      const codes = await freshCodes(base, variant, 2, variant === 'glo' ? 10 : 20);
      // A well-formed code the server does not know: refused.
      const unknown =
        variant === 'glo' ? '0f8fad5b-d9cb-469f-a165-70867728950e' : '7c9e6679-7425-40de-944b-e07fc1f90ae7';
      await page.goto(`${base}/history-bonuses`);
      await page.getByTestId('xp-line').first().waitFor({ timeout: 20_000 });
      const balanceBefore = await serverBalance(page, base, variant);
      // The scan history opened last before the signal goes: its lines and header count as fresh.
      await page.goto(`${base}/scan/history`);
      await page.getByTestId('scan-history-summary').waitFor({ timeout: 20_000 });
      const serverBefore = await serverScanHistory(page, variant);

      await goOffline(context);
      try {
        await page.goto(`${base}/scanning`);
        await typeCodes(page, base, [...codes, { code: unknown, xp: 0 }]);
        // The ledger lists them at once, waiting; home says XP is on its way.
        await page.getByRole('link', { name: 'Головна' }).or(page.locator('a[href="/"]')).first().click();
        await page.getByTestId('home-xp-pending').waitFor();
        expect(await page.getByTestId('home-xp-pending').textContent()).toContain('очікує');
        if (variant === 'glo') await shot(page, 'ledger-home-pending');
        await page.goto(`${base}/history-bonuses`);
        const waiting = page.locator('[data-testid="xp-line"][data-state="waiting"]');
        await expect.poll(() => waiting.count(), { timeout: 15_000 }).toBe(3);
        expect(await waiting.first().textContent()).toContain('Скан коду …');
        // Their XP is not known until the server answers: «+?», never a credit's figure.
        expect(await waiting.getByTestId('xp-line-amount').allTextContents()).toEqual(['+?', '+?', '+?']);
        expect(await page.getByTestId('xp-pending').textContent()).toContain('3 дії на перевірці');
        await shot(page, `ledger-offline-waiting.${variant}`);
        await page.goto(`${base}/scan/history`);
        await page.getByTestId('scan-history-summary').waitFor();
      } finally {
        await goOnline(context);
      }

      // Back online on /scan/history: the credited rows and the header arrive together.
      const credited = page.locator('[data-testid="history-row"][data-state="credited"]');
      for (const c of codes)
        await page
          .locator(`[data-testid="history-row"][data-scan-code="${c.code}"][data-state="credited"]`)
          .waitFor({ timeout: 30_000 });
      const serverAfter = await serverScanHistory(page, variant);
      expect(serverAfter.total).toBe(serverBefore.total + 2);
      const summary = page.getByTestId('scan-history-summary');
      await expect
        .poll(async () => (await summary.locator('strong').allTextContents()).map(digits))
        .toEqual([serverAfter.total, serverAfter.coinCount]);
      expect(await credited.count()).toBeGreaterThanOrEqual(2);
      await outboxDrained(page);

      // The ledger: both credited with their products and the server's balance; the unknown code refused, with why and what to do.
      const balanceAfter = await serverBalance(page, base, variant);
      expect(balanceAfter).toBe(balanceBefore + codes[0]!.xp + codes[1]!.xp);
      await page.goto(`${base}/history-bonuses`);
      await expect
        .poll(async () => digits(await page.getByTestId('xp-history-balance').textContent()), { timeout: 15_000 })
        .toBe(balanceAfter);
      for (const c of codes) {
        const line = page
          .locator('[data-testid="xp-line"][data-state="credited"]')
          .filter({ hasText: c.product })
          .first();
        await line.waitFor({ timeout: 15_000 });
        expect(digits(await line.getByTestId('xp-line-amount').textContent())).toBe(c.xp);
      }
      const refused = page.locator('[data-testid="xp-line"][data-state="refused"]');
      await refused.waitFor({ timeout: 15_000 });
      expect(await refused.textContent()).toContain(`…${unknown.slice(-6)}`);
      expect(await refused.locator('.xp-line__why').textContent()).toMatch(/\S{5,}/);
      // No XP was ever known for it: no figure, not «0»; no later try can pass: no «Повторити».
      expect(await refused.getByTestId('xp-line-amount').count()).toBe(0);
      expect(await refused.getByRole('button', { name: 'Повторити' }).count()).toBe(0);
      expect(await page.locator('[data-testid="xp-line"][data-state="waiting"]').count()).toBe(0);
      await shot(page, `ledger-online-refused.${variant}`);
      // «Прибрати» takes it off the ledger and the outbox.
      await refused.getByRole('button', { name: 'Прибрати' }).click();
      await expect.poll(() => refused.count()).toBe(0);
      expect(await page.getByTestId('home-xp-pending').count()).toBe(0);
    },
  );
});

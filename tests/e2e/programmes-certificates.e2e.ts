// Certificates in Chromium against the real server, through the screens: buy one with XP and see
// it in the list with the balance down by its price; then the PIN flow with the SMS code from the
// development outbox, which shows the code to copy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, type Browser } from './support/browser';
import { kv } from './support/local-db';
import { serverCall } from './support/server-api';
import { startServer, type RunningServer } from './support/server';
import { DEMO_PHONE, signInAsDemo } from './support/sign-in';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await openBrowser();
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

const digitsOf = (s: string | null) => Number((s ?? '').replace(/\D/g, ''));

describe('certificates: bought with XP, listed, codes behind a PIN set by SMS', () => {
  it('buys a certificate, the balance drops by its price, and the PIN flow reveals a code to copy', async () => {
    const { page } = browser;
    await signInAsDemo(page, server.url);
    const token = await kv<string>(page, 'pwaToken');
    const before = (await serverCall<{ balance: number }>(server.url, token, '/api/get-balance?v=glo')).balance;

    await page.goto(`${server.url}/certificates`);
    const partner = page.getByTestId('cert-partner').filter({ hasText: 'ТехноСвіт' });
    await partner.waitFor({ timeout: 20_000 });
    await expect
      .poll(async () => digitsOf(await page.getByTestId('cert-balance').textContent()), { timeout: 15_000 })
      .toBe(before);
    const nominal = partner.locator('[data-testid="cert-nominal"][data-nominal="100"]');
    const price = digitsOf(await nominal.locator('span:not(.visually-hidden)').first().textContent());
    expect(price).toBeGreaterThan(0);
    await nominal.click();
    await page.getByTestId('cert-buy').click();

    // The list opens with the new certificate; the server took exactly its price.
    await page.waitForURL(`${server.url}/certificates/my-list`, { timeout: 20_000 });
    const bought = page.getByTestId('cert-item').filter({ hasText: 'ТехноСвіт' }).filter({ hasText: '100 ₴' });
    await bought.waitFor({ timeout: 15_000 });
    expect(await bought.getAttribute('data-status')).toBe('active');
    expect((await serverCall<{ balance: number }>(server.url, token, '/api/get-balance?v=glo')).balance).toBe(
      before - price,
    );
    await page.goto(`${server.url}/certificates`);
    await expect
      .poll(async () => digitsOf(await page.getByTestId('cert-balance').textContent()), { timeout: 15_000 })
      .toBe(before - price);

    // A PIN of the wrong length is refused beside the field, nothing sent.
    await page.goto(`${server.url}/certificates/my-list`);
    await page.getByTestId('cert-pin-start').click();
    await page.getByTestId('cert-pin-input').fill('12');
    await page.getByTestId('cert-pin-submit').click();
    await page.getByText('PIN — це 4 цифри').waitFor();
    const smsBefore = (await (await fetch(`${server.url}/dev/sms-outbox?phone=${DEMO_PHONE}`)).json()) as {
      messages: unknown[];
    };

    // PIN, then the SMS code from the development outbox. (A second press of the same button
    // within 400 ms is a double click the app ignores, docs/rules.md#screens: a person types in between.)
    await page.waitForTimeout(450);
    await page.getByTestId('cert-pin-input').fill('2580');
    await page.getByTestId('cert-pin-submit').click();
    await page.getByTestId('cert-pin-sms').waitFor({ timeout: 15_000 });
    const outbox = (await (await fetch(`${server.url}/dev/sms-outbox?phone=${DEMO_PHONE}`)).json()) as {
      messages: Array<{ code: string | null; text: string }>;
    };
    expect(outbox.messages.length).toBe(smsBefore.messages.length + 1);
    const code = outbox.messages[0]?.code ?? outbox.messages[0]?.text.match(/\d{6}/)?.[0] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    await page.getByTestId('cert-pin-sms').fill(code);
    await page.getByTestId('cert-pin-submit').click();

    // The PIN now opens the codes (pin/token), and the new certificate's code can be copied.
    await page.getByTestId('cert-pin-input').waitFor({ timeout: 15_000 });
    await page.getByTestId('cert-pin-input').fill('2580');
    await page.getByTestId('cert-pin-submit').click();
    await page.getByTestId('cert-codes-timer').waitFor({ timeout: 15_000 });
    const shown = (await bought.getByTestId('cert-code').textContent())?.trim() ?? '';
    expect(shown).toMatch(/^TSV-/);
    await bought.getByTestId('cert-copy').click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(shown);

    // The server agrees: the same code behind the PIN, and one purchase only.
    const cert = await serverCall<{ token: string }>(server.url, token, '/api/cert/get-auth', {
      date: `${new Date().toISOString().slice(0, 13)}:00Z`,
      hourly: true,
    });
    const pin = await serverCall<{ token: string }>(server.url, token, '/api/cert/pin/token', {
      code: '2580',
      token: cert.token,
    });
    const list = await serverCall<{
      certificates: Array<{ partnerName: string; nominal: number; code: string | null }>;
    }>(server.url, token, '/api/cert/get-cert-list', { token: cert.token, pinToken: pin.token });
    const mine = list.certificates.filter((c) => c.partnerName === 'ТехноСвіт' && c.nominal === 100);
    expect(mine).toHaveLength(1);
    expect(mine[0]?.code).toBe(shown);
  });
});

// Refusals as a demanding member meets them: one answer per action (online, the server's answer
// replaces «Код збережено»); «Повторити» only where a later try can pass, «Прибрати» and support
// where it helps, no «0» on a refused line; offline, the indicator shows what waits and what was
// refused; a refusal's toast stays on the screen it was shown on.
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from './support/browser';
import { freshCodes } from './support/camera';
import { kv, rows } from './support/local-db';
import { goOffline, goOnline } from './support/network';
import { API_KEY, serverCall } from './support/server-api';
import type { RunningServer } from './support/server';
import { closeSession, openSession } from './support/session';
import { signedInReady, switchVariant } from './shop-steps';
import { openManualEntry, typeCodes } from './faults-steps';

let server: RunningServer;
let browser: Browser;
let base: string;
const SHOTS = 'screenshots';
const VARIANTS = ['glo', 'ogo'] as const;
type V = (typeof VARIANTS)[number];
const other = (v: V): V => (v === 'glo' ? 'ogo' : 'glo');
/** Well-formed codes the server does not know, one per test. */
const unknownCode = (n: number) => `0000dead-beef-4000-8000-${String(n).padStart(12, '0')}`;

// Two registrations a day: the demo member reaches the limit, the other member takes one serial of each brand.
beforeAll(async () => {
  ({ server, browser, base } = await openSession({ env: { DEVICE_REGISTRATIONS_PER_DAY: '2' }, ready: signedInReady }));
  mkdirSync(SHOTS, { recursive: true });
});

afterAll(() => closeSession({ server, browser }));

const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` });

/** A call as the app makes it, answer and status as they come (serverCall throws on a refusal). */
async function call(token: string, path: string, body: unknown): Promise<{ status: number; code?: string }> {
  const r = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'x-api-key': API_KEY, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await r.json()) as { error?: { code: string } };
  return { status: r.status, code: json.error?.code };
}

async function freeSerials(variant: V): Promise<string[]> {
  const { serials } = (await (await fetch(`${base}/dev/device-serials.json`)).json()) as {
    serials: Array<{ serial: string; variant: string }>;
  };
  return serials.filter((s) => s.variant === variant).map((s) => s.serial);
}

/** Unused demo codes this device has never seen (a code refused here stays unused on the server). */
async function unseenCodes(page: Page, variant: V, n: number): Promise<Array<{ code: string; xp: number }>> {
  const known = new Set((await rows<{ code: string }>(page, 'scans')).map((r) => r.code));
  return (await freshCodes(base, variant, n + 30)).filter((c) => !known.has(c.code)).slice(0, n);
}

/** Everything but the refusals sent (the app's own reports aside). */
const sent = (page: Page) =>
  expect
    .poll(
      async () =>
        (await rows<{ state: string; kind: string }>(page, 'outbox')).filter(
          (e) => e.state !== 'failed' && !e.kind.startsWith('analytics'),
        ).length,
      { timeout: 30_000 },
    )
    .toBe(0);

/** The refusals in the sync panel that mention `text`. */
const panelItem = (page: Page, text: string) => page.getByTestId('sync-failed-item').filter({ hasText: text });

/** Whether a toast covers the middle of an element. */
const covered = (page: Page, selector: string) =>
  page.evaluate((s) => {
    const r = document.querySelector(s)!.getBoundingClientRect();
    return !!document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)?.closest('.toast');
  }, selector);

describe('refusals that help', () => {
  it.each(VARIANTS)(
    '%s: online, a refused code has one answer, in place of «Код збережено»: no toast, no «не збережено» beside it',
    async (variant) => {
      const { page } = browser;
      await switchVariant(page, base, variant);
      await openManualEntry(page, base);
      await sent(page);
      const field = page.getByTestId('manual-code');
      const note = page.getByTestId('manual-note');
      const [theirs] = await unseenCodes(page, other(variant), 1);
      for (const [code, why] of [
        [unknownCode(variant === 'glo' ? 1 : 2), 'Такого коду немає'],
        [theirs!.code, `Це код ${other(variant)}`],
      ] as const) {
        await field.fill(code);
        await field.press('Enter');
        await page
          .locator(`[data-testid="scan-row"][data-scan-code="${code}"][data-state="refused"]`)
          .waitFor({ timeout: 20_000 });
        await expect.poll(() => note.textContent()).toContain(why);
        expect(await note.textContent()).not.toContain('Код збережено');
        expect(await note.getAttribute('class')).toContain('is-error');
        // Answered here: nothing of it stays in the outbox, so nothing else repeats it.
        await expect
          .poll(async () => (await rows<{ state: string }>(page, 'outbox')).filter((e) => e.state === 'failed').length)
          .toBe(0);
        expect(await page.locator('.toast').filter({ hasText: 'Не збережено' }).count()).toBe(0);
        const indicator = page.getByTestId('sync-indicator');
        expect((await indicator.count()) ? await indicator.textContent() : '').not.toContain('не збережено');
      }
      await note.scrollIntoViewIfNeeded();
      await shot(page, `polish-scan-refused-online.${variant}`);
    },
  );

  it.each(VARIANTS)(
    '%s: a refusal no later try can pass offers «Прибрати» (and support where it helps), never «Повторити»; refused lines show no «0»; none toasted on the ledger',
    async (variant) => {
      const { page, context } = browser;
      await switchVariant(page, base, variant);
      const token = await kv<string>(page, 'pwaToken');
      const ogo = variant === 'ogo' ? { ogo: true } : {};
      // The other member takes a serial and uses a code; the demo member reaches today's limit.
      const { token: theirs } = await serverCall<{ token: string }>(base, null, '/api/api-auth/test-login', {
        phone: '380500000002',
      });
      const serials = await freeSerials(variant);
      const taken = serials.shift()!;
      expect((await call(theirs, '/api/register-device', { serial: taken, ...ogo })).status).toBe(200);
      const [used] = await unseenCodes(page, variant, 1);
      expect((await call(theirs, '/api/scan/scan-code', { code: used!.code, ...ogo })).status).toBe(200);
      let overLimit = serials.shift()!;
      while ((await call(token, '/api/register-device', { serial: overLimit, ...ogo })).code !== 'device_daily_limit')
        overLimit = serials.shift()!;
      const [brand] = await unseenCodes(page, other(variant), 1);
      const unknown = unknownCode(variant === 'glo' ? 3 : 4);

      // Every screen of the journey seen online once.
      for (const path of ['/device-reg', '/my-devices', '/history-bonuses']) {
        await page.goto(`${base}${path}`);
        await page
          .getByTestId('device-serial')
          .or(page.getByTestId('device-register-link'))
          .or(page.getByTestId('xp-summary'))
          .first()
          .waitFor({ timeout: 20_000 });
      }
      await openManualEntry(page, base);
      await sent(page);

      await goOffline(context);
      for (const serial of [taken, overLimit]) {
        await page.goto(`${base}/device-reg`);
        await page.getByTestId('device-serial').fill(serial);
        await page.getByTestId('device-submit').click();
        await page.waitForURL(`${base}/my-devices`);
      }
      await typeCodes(page, base, [used!, brand!, { code: unknown, xp: 0 }]);
      await page.goto(`${base}/history-bonuses`);
      await page.getByTestId('xp-summary').waitFor();
      await goOnline(context);

      const refused = page.locator('[data-testid="xp-line"][data-state="refused"]');
      const mine = [`…${used!.code.slice(-6)}`, `…${brand!.code.slice(-6)}`, `…${unknown.slice(-6)}`, taken, overLimit];
      for (const text of mine) await refused.filter({ hasText: text }).waitFor({ timeout: 30_000 });
      for (const text of mine) {
        const line = refused.filter({ hasText: text });
        // Nothing was ever credited or known for them: no figure, not «0».
        expect(await line.getByTestId('xp-line-amount').count(), text).toBe(0);
        expect(await line.getByRole('button', { name: 'Повторити' }).count(), text).toBe(text === overLimit ? 1 : 0);
        expect(await line.getByRole('button', { name: 'Прибрати' }).count(), text).toBe(1);
      }
      // The ledger shows each on its line: no toast repeats them here.
      await expect
        .poll(async () =>
          (await rows<{ state: string; noticed?: boolean }>(page, 'outbox'))
            .filter((e) => e.state === 'failed')
            .every((e) => e.noticed),
        )
        .toBe(true);
      expect(await page.locator('.toast').filter({ hasText: 'Не збережено' }).count()).toBe(0);
      await refused.first().scrollIntoViewIfNeeded();
      await shot(page, `polish-ledger-refused.${variant}`);

      await page.getByTestId('sync-indicator').click();
      await page.getByTestId('sync-panel').waitFor();
      for (const text of [used!.code, brand!.code, unknown, taken, overLimit]) {
        const item = panelItem(page, text);
        await item.waitFor();
        expect(await item.getByRole('button', { name: 'Повторити' }).count(), text).toBe(text === overLimit ? 1 : 0);
        expect(await item.getByRole('button', { name: 'Прибрати' }).count(), text).toBe(1);
        // Another member holds it: support can look into it.
        const support = item.getByRole('link', { name: 'Написати в підтримку' });
        expect(await support.count(), text).toBe(text === taken || text === used!.code ? 1 : 0);
        if (text === taken) expect(await support.getAttribute('href')).toBe('/support');
      }
      await panelItem(page, taken).scrollIntoViewIfNeeded();
      await shot(page, `polish-panel-refused.${variant}`);
      await page.keyboard.press('Escape');
    },
  );

  it.each(VARIANTS)('%s: offline, the indicator shows both what waits and what was refused', async (variant) => {
    const { page, context } = browser;
    await switchVariant(page, base, variant);
    const [code] = await unseenCodes(page, variant, 1);
    await openManualEntry(page, base);
    expect((await rows<{ state: string }>(page, 'outbox')).some((e) => e.state === 'failed')).toBe(true);
    await goOffline(context);
    try {
      await typeCodes(page, base, [code!]);
      const indicator = page.getByTestId('sync-indicator');
      await expect
        .poll(() => indicator.textContent())
        .toMatch(/^Офлайн · 1 зміна чекає на зв’язок · \d+ змін[иу]? не збережено$/);
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, `polish-indicator-offline.${variant}`);
    } finally {
      await goOnline(context);
    }
    await page
      .locator(`[data-testid="scan-row"][data-scan-code="${code!.code}"][data-state="credited"]`)
      .waitFor({ timeout: 30_000 });
  });

  it('a refusal’s toast stays on the screen it was shown on: the next screen’s balance card is not covered', async () => {
    const { page, context } = browser;
    await switchVariant(page, base, 'glo');
    await openManualEntry(page, base);
    await goOffline(context);
    await typeCodes(page, base, [{ code: unknownCode(5), xp: 0 }]);
    // Home, where nothing shows a scan's refusal on its line: a toast tells of it.
    await page.goto(`${base}/`);
    const toHistory = page.getByRole('link', { name: 'Історія XP', exact: true });
    await toHistory.waitFor();
    await goOnline(context);
    const toast = page.locator('.toast').filter({ hasText: 'Не збережено' });
    await toast.waitFor({ timeout: 30_000 });
    // On to the XP history through the app (no reload): the toast does not follow.
    await toHistory.dispatchEvent('click');
    await page.waitForURL(`${base}/history-bonuses`);
    await page.getByTestId('xp-summary').waitFor();
    expect(await toast.count()).toBe(0);
    expect(await covered(page, '[data-testid="xp-summary"]')).toBe(false);
    await shot(page, 'polish-history-bonuses-after-toast.glo');
  });
});

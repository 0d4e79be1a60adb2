import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from './chromium';

export interface Browser {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/** A persistent-profile Chromium (service workers and installability need one) at 390x844; `timezoneId` sets the phone's clock zone. */
export async function openBrowser(opts: { args?: string[]; timezoneId?: string } = {}): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'club-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: findChromium(),
    headless: true,
    args: [...CHROMIUM_ARGS, ...(opts.args ?? [])],
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: false,
    hasTouch: true,
    locale: 'uk-UA',
    ...(opts.timezoneId ? { timezoneId: opts.timezoneId } : {}),
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Waits until the page is controlled by the service worker (it claims clients on activation). */
export async function waitForServiceWorker(page: Page, timeoutMs = 20_000): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, { timeout: timeoutMs });
}

/**
 * Waits until the worker holds the precache's later group too (sw/precache-later.ts: fetched after
 * install when the connection allows), read from the worker's own list: from then on every screen
 * opens offline, not only those of the install group and those already visited.
 */
export async function waitForLaterPrecache(page: Page, timeoutMs = 90_000): Promise<void> {
  await waitForServiceWorker(page);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { wanted, kept } = await page.evaluate(async () => {
      const sw = await (await fetch('/sw.js')).text();
      return {
        wanted: (sw.match(/"later":true/g) ?? []).length,
        kept: (await (await caches.open('club-shell-later')).keys()).length,
      };
    });
    if (wanted > 0 && kept >= wanted) return;
    if (Date.now() > deadline)
      throw new Error(`the precache's later group: ${kept} of ${wanted} files kept after ${timeoutMs} ms`);
    await page.waitForTimeout(1000);
  }
}

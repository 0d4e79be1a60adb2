// New versions of the app while it is open: a new build is offered as soon as the app is shown
// again or the network returns (not only by the hourly check), and «Оновити» always ends on the
// new build or says why not.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, type Browser } from './support/browser';
import { goOffline, goOnline } from './support/network';
import { startServer, type RunningServer } from './support/server';
import { signedInReady } from './shop-steps';
import { newBuild, onNewBuild, updateWaiting } from './device-steps';

let server: RunningServer;
let browser: Browser;
const builds: Array<{ dispose(): void }> = [];

beforeAll(async () => {
  server = await startServer();
  browser = await openBrowser();
  // The page's clock, so that the 5 minutes between two checks pass in a moment.
  await browser.context.clock.install();
  await signedInReady(browser.page, server.url);
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
  for (const b of builds) b.dispose();
});

/** Serves a new build in place of the running one, as a deploy does. */
async function deploy(activates: boolean): Promise<void> {
  const build = newBuild({ activates });
  builds.push(build);
  await server.restart({ STATIC_DIR: build.dir });
}

/** A mark only a reload takes away. */
const mark = (page: Page) =>
  page.evaluate(() => void ((window as unknown as { beforeUpdate?: boolean }).beforeUpdate = true));
const marked = (page: Page) =>
  page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate === true).catch(() => false);
const prompt = (page: Page) => page.getByTestId('update-prompt');
/** The offer and its button, as the member reads them. */
const offered = (page: Page) => page.getByText('Доступна нова версія застосунку.');
const updateButton = (page: Page) => page.getByRole('button', { name: /Оновити|Оновлюємо/ });

describe('a new build while the app is open', () => {
  it('is offered as soon as the network returns, with no reload; «Оновити» ends on the new build', async () => {
    const { page, context } = browser;
    await page.goto(`${server.url}/shop`);
    await page.getByTestId('menu-button').waitFor();
    await deploy(true);
    await mark(page);
    // More than the 5 minutes between two checks, well short of the hourly one.
    await context.clock.fastForward('06:00');
    await goOffline(context);
    await goOnline(context);

    await offered(page).waitFor({ timeout: 20_000 });
    expect(await marked(page)).toBe(true);

    await updateButton(page).click();
    await expect.poll(() => onNewBuild(page), { timeout: 20_000 }).toBe(true);
    expect(await marked(page)).toBe(false);
    await page.getByTestId('menu-button').waitFor();
    expect(await offered(page).count()).toBe(0);
  });

  it('is offered as soon as the app is shown again, with no reload', async () => {
    const { page, context } = browser;
    // This one cannot take over while the old one runs (the next test taps «Оновити» on it).
    await deploy(false);
    await mark(page);
    await context.clock.fastForward('06:00');
    // Headless Chromium keeps every tab visible: the event a phone sends when the app comes back.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await offered(page).waitFor({ timeout: 20_000 });
    expect(await marked(page)).toBe(true);
  });

  it('«Оновити» on a new version that cannot take over: the page reloads and says why, instead of doing nothing', async () => {
    const { page, context } = browser;
    // Found again after a reload too (the browser looks at every navigation).
    await page.reload();
    await offered(page).waitFor({ timeout: 20_000 });
    await mark(page);
    await updateButton(page).click();
    // It waits a while for the new version to take over, then reloads anyway.
    await expect
      .poll(() =>
        updateButton(page)
          .getAttribute('aria-busy')
          .catch(() => null),
      )
      .toBe('true');
    await context.clock.fastForward('00:15');
    await expect.poll(() => marked(page), { timeout: 20_000 }).toBe(false);

    await expect
      .poll(
        () =>
          prompt(page)
            .getAttribute('data-state')
            .catch(() => null),
        { timeout: 20_000 },
      )
      .toBe('stuck');
    expect(await prompt(page).textContent()).toContain('Закрий усі вкладки застосунку');
    expect(await updateWaiting(page)).toBe(true);
    expect(await offered(page).count()).toBe(0);
    await prompt(page).getByRole('button', { name: 'Зрозуміло' }).click();
    expect(await prompt(page).count()).toBe(0);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeFinding, memberRoutes, walkRoutes } from './support/a11y';
import type { Browser } from './support/browser';
import type { RunningServer } from './support/server';
import { signInAsDemo } from './support/sign-in';
import { closeSession, openSession } from './support/session';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await openSession({ ready: signInAsDemo }));
  // The member switches to ogo through the side menu, as a person would.
  await browser.page.getByTestId('menu-button').click();
  // On the home screen the switch reloads the page (docs/rules.md#states): the walk starts in the reloaded one.
  await Promise.all([
    browser.page.waitForEvent('load', { timeout: 30_000 }),
    browser.page.getByTestId('variant-switch').click(),
  ]);
  await browser.page.waitForFunction(() => document.documentElement.dataset.theme === 'ogo', null, { timeout: 20_000 });
  await browser.page.getByTestId('menu-button').waitFor({ timeout: 20_000 });
});

afterAll(() => closeSession({ server, browser }));

describe('accessibility (axe, WCAG 2.2 AA): every member route of docs/rules.md#screens on ogo', () => {
  it('has no serious or critical violation on any screen, signed in as the demo member', async () => {
    const { page } = browser;
    const { findings, unresolved, visited } = await walkRoutes(page, memberRoutes());
    console.log(`[a11y ogo] ${visited.length} screens checked`);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('ogo');
    expect(findings.map(describeFinding)).toEqual([]);
    // Every product page of an ogo list is filled with a real id here (the glo lists' in the glo suite).
    expect(
      unresolved.filter((r) => r.startsWith('/shop/ogo-') || !r.startsWith('/shop/')),
      'routes whose ids no screen linked to',
    ).toEqual([]);
  }, 180_000);
});

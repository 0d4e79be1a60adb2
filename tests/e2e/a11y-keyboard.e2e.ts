import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForServiceWorker, type Browser } from './support/browser';
import { freshCodes } from './support/camera';
import type { RunningServer } from './support/server';
import { signInAsDemo } from './support/sign-in';
import { closeSession, openSession } from './support/session';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await openSession({ ready: signInAsDemo }));
  // The service worker's first activation reloads the page: settle it before the keyboard walk.
  await waitForServiceWorker(browser.page);
});

afterAll(() => closeSession({ server, browser }));

/** Whether the focused element matches `selector`. */
const focusedIs = (page: Page, selector: string, text = '') =>
  page.evaluate(
    ([s, t]) =>
      (document.activeElement?.matches(s) ?? false) && (document.activeElement?.textContent ?? '').includes(t),
    [selector, text] as const,
  );

/** The focused element's outline as drawn (the design system's :focus-visible ring). */
const focusOutline = (page: Page) =>
  page.evaluate(() => {
    const cs = getComputedStyle(document.activeElement!);
    return { style: cs.outlineStyle, width: parseFloat(cs.outlineWidth) };
  });

/**
 * Presses Tab (Shift+Tab when `backwards`) until `selector` (holding `text`) has focus (at most `max` times) and checks that the focus is
 * visible on it: an outline of a style other than none and a width above zero.
 */
async function tabTo(page: Page, selector: string, max = 80, backwards = false, text = ''): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    if (await focusedIs(page, selector, text)) {
      const outline = await focusOutline(page);
      expect(outline.style, `focus ring on ${selector}`).not.toBe('none');
      expect(outline.width, `focus ring on ${selector}`).toBeGreaterThan(0);
      return;
    }
  }
  throw new Error(
    `Tab never reached ${selector} (focus on ${await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120))})`,
  );
}

/** After an in-app navigation: focus is on the new page's heading and the live region names it. */
async function expectArrivedAt(page: Page, title: string): Promise<void> {
  await page.waitForFunction((t) => document.querySelector('.app-header__title')?.textContent === t, title, {
    timeout: 15_000,
  });
  await expect.poll(() => focusedIs(page, 'h1.app-header__title'), { timeout: 5_000 }).toBe(true);
  const region = page.getByTestId('route-announcer');
  expect(await region.getAttribute('aria-live')).toBe('polite');
  await expect.poll(() => region.textContent(), { timeout: 5_000 }).toBe(`${title} — сторінка`);
}

describe('keyboard only (Tab, Enter, Space): the member’s main tasks', () => {
  it('opens and closes the side menu, follows a link in it to the FAQ and opens a question there', async () => {
    const { page } = browser;
    await page.goto(server.url + '/');
    await page.getByTestId('menu-button').waitFor();
    // The first load does not take focus (a prerendered form may be in use).
    expect(await focusedIs(page, 'h1')).toBe(false);

    await tabTo(page, '[data-testid="menu-button"]');
    await page.keyboard.press('Enter');
    await page.getByTestId('side-menu').waitFor();
    // Focus goes into the menu (its close button first); Enter on it closes it and focus returns to the menu button.
    await expect.poll(() => focusedIs(page, '.side-menu__close')).toBe(true);
    expect((await focusOutline(page)).style).not.toBe('none');
    await page.keyboard.press('Enter');
    await page.getByTestId('side-menu').waitFor({ state: 'detached' });
    await expect.poll(() => focusedIs(page, '[data-testid="menu-button"]')).toBe(true);

    // Space opens it again; Tab stays inside it up to the FAQ link, Enter follows it.
    await page.keyboard.press('Space');
    await page.getByTestId('side-menu').waitFor();
    await tabTo(page, '.side-menu a[href="/faq"]', 30);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.url}/faq`);
    await expectArrivedAt(page, 'Питання та відповіді');

    // As a person would, once the questions are on the screen (they may still be loading).
    await page.getByTestId('faq-question').first().waitFor();
    await tabTo(page, '[data-testid="faq-question"]');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-expanded'))).toBe('false');
    await page.keyboard.press('Space');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-expanded'))).toBe('true');
    const answerId = await page.evaluate(() => document.activeElement?.getAttribute('aria-controls'));
    expect(await page.locator(`[id="${answerId}"]`).isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-expanded'))).toBe('false');
  });

  it('adds a product, changes its count with the cart’s stepper, fills the delivery form and picks a payment method', async () => {
    const { page } = browser;
    await page.goto(server.url + '/shop/sticks/1');
    await page.getByTestId('product-detail').waitFor({ timeout: 20_000 });
    await tabTo(page, '[data-testid="detail-add"]');
    await page.keyboard.press('Enter');
    await page.getByTestId('detail-in-cart').waitFor({ timeout: 10_000 });

    await page.goto(server.url + '/shop/cart');
    const value = page.getByTestId('qty-value').first();
    await value.waitFor({ timeout: 20_000 });
    const count = async () => Number(await value.inputValue());
    const before = await count();
    await tabTo(page, '[data-testid="qty-increment"]');
    await page.keyboard.press('Enter');
    await expect.poll(count, { timeout: 10_000 }).toBe(before + 1);
    // Back (Shift+Tab) past the count to the decrement; Space on it. The double-click guard
    // (docs/rules.md#screens) drops a second press within 400 ms: a person takes a moment.
    await page.waitForTimeout(450);
    await tabTo(page, '[data-testid="qty-decrement"]', 3, true);
    await page.keyboard.press('Space');
    await expect.poll(count, { timeout: 10_000 }).toBe(before);
    await tabTo(page, '[data-testid="cart-checkout"]');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.url}/shop/delivery`);
    await expectArrivedAt(page, 'Доставка');

    // Delivery to a carrier's branch: the method, a city from the search, a branch by number. The
    // form shows once the checkout's saved state is read (a moment longer when the machine is busy).
    await page.getByTestId('delivery-method-1').waitFor({ timeout: 15_000 });
    await tabTo(page, '[data-testid="delivery-method-1"]');
    await page.keyboard.press('Space');
    expect(await page.getByTestId('delivery-method-1').getAttribute('aria-checked')).toBe('true');
    if ((await page.getByTestId('branch-picked').count()) > 0) {
      await tabTo(page, '[data-testid="branch-change"]');
      await page.keyboard.press('Enter');
    }
    await tabTo(page, '[data-testid="city-input"]');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('Льв');
    await page.getByTestId('city-option').filter({ hasText: 'Львів' }).first().waitFor({ timeout: 15_000 });
    await tabTo(page, '[data-testid="city-option"]', 20, false, 'Львів');
    await page.keyboard.press('Enter');
    await tabTo(page, '[data-testid="branch-input"]');
    await page.keyboard.type('3');
    await page.locator('[data-testid="branch-option"][data-number="3"]').waitFor({ timeout: 15_000 });
    await tabTo(page, '[data-testid="branch-option"][data-number="3"]', 10);
    await page.keyboard.press('Enter');
    await page.getByTestId('branch-picked').waitFor();
    await page.waitForTimeout(450);
    await tabTo(page, '[data-testid="delivery-next"]');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.url}/shop/payment`);
    await expectArrivedAt(page, 'Оплата');

    await page.getByTestId('payment-1').waitFor({ timeout: 15_000 });
    await tabTo(page, '[data-testid="payment-1"]');
    await page.keyboard.press('Space');
    await expect.poll(() => page.getByTestId('payment-1').getAttribute('aria-checked')).toBe('true');
    await tabTo(page, '[data-testid="payment-2"]', 5);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('payment-2').getAttribute('aria-checked')).toBe('true');
    expect(await page.getByTestId('payment-1').getAttribute('aria-checked')).toBe('false');
  });

  it('types a code into the scanner’s manual entry and sends it with Enter', async () => {
    const { page } = browser;
    const [code] = await freshCodes(server.url, 'glo', 1);
    await page.goto(server.url + '/scanning');
    await page.getByTestId('manual-open').or(page.getByTestId('scanner-problem')).first().waitFor({ timeout: 20_000 });
    await tabTo(page, '[data-testid="manual-open"]');
    await page.keyboard.press('Enter');
    // Opening the entry puts the caret in its field.
    await expect.poll(() => focusedIs(page, '[data-testid="manual-code"]'), { timeout: 10_000 }).toBe(true);
    await page.keyboard.type(code!.code);
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByTestId('manual-entry').textContent(), { timeout: 15_000 })
      .toMatch(/Код (збережено|зараховано)/);
  });
});

// Shop edges: item 4 (a friend's code checked when it is entered; the refusal of
// «Замовити» drawn where it is seen, never behind the sticky action bar).
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { goOffline, goOnline } from './support/network';
import { addProduct, againLater, checkoutToBranch, serverOrders, signedInShop, switchVariant } from './shop-steps';

/** Андрій: allow-listed, no ogo orders yet (a friend's code can count for him there). */
const ANDRII = '380500000002';
const NOBODYS_CODE = 'REW-NOSUCH1';

const shop = signedInShop(ANDRII);

/** The element is on the screen and nothing is drawn over its middle. */
async function seen(page: Page, el: Locator): Promise<boolean> {
  const box = await el.boundingBox();
  if (!box) return false;
  const vp = page.viewportSize()!;
  if (box.y < 0 || box.y + box.height > vp.height) return false;
  return el.evaluate(
    (node, p) => {
      const top = document.elementFromPoint(p.x, p.y);
      return top !== null && (node === top || node.contains(top));
    },
    { x: box.x + box.width / 2, y: box.y + box.height / 2 },
  );
}

describe('a friend’s code that belongs to nobody', () => {
  it('is refused beside the field when entered online; kept offline, its refusal at «Замовити» is drawn where it is seen', async () => {
    const { page, context } = shop.browser;
    const base = shop.server.url;
    await switchVariant(page, base, 'ogo');
    const ordersBefore = (await serverOrders(page, base, 'ogo')).length;
    await addProduct(page, base, 'ogo-sticks-single', 91, 2);
    await page.goto(`${base}/shop/cart`);

    // Online: checked at once with the server, refused beside the field, not kept.
    const input = page.getByTestId('friend-code-input');
    await input.fill(NOBODYS_CODE);
    await page.getByTestId('friend-code-apply').click();
    await page.getByText('Такого коду друга немає', { exact: false }).waitFor();
    expect(await page.getByTestId('friend-code-kept').count()).toBe(0);

    // Offline it cannot be checked: kept, and create-order checks it.
    await goOffline(context);
    await againLater(page);
    await page.getByTestId('friend-code-apply').click();
    await page.getByTestId('friend-code-kept').waitFor();
    await goOnline(context);

    await checkoutToBranch(page, base, 'Хар', 'Харків', 7, 1);
    await againLater(page);
    await page.getByTestId('place-order').click();
    const error = page.getByTestId('checkout-error');
    await error.waitFor({ timeout: 20_000 });
    expect(await error.textContent()).toContain('Такого коду друга немає');
    expect(await seen(page, error)).toBe(true);
    // Scrolled to the top or the bottom of the summary, it stays in sight: looked at once the
    // scroll is over (its `scrollend`; nothing to wait for when nothing can scroll up).
    await page.evaluate(() => {
      const up = window.scrollY > 0 || Array.from(document.querySelectorAll('*')).some((e) => e.scrollTop > 0);
      const w = window as unknown as { scrolled?: Promise<void> };
      w.scrolled = up
        ? new Promise<void>((done) =>
            document.addEventListener('scrollend', () => done(), { capture: true, once: true }),
          )
        : Promise.resolve();
    });
    await page.mouse.wheel(0, -3000);
    await page.evaluate(() => (window as unknown as { scrolled?: Promise<void> }).scrolled);
    expect(await seen(page, error)).toBe(true);
    expect(await serverOrders(page, base, 'ogo')).toHaveLength(ordersBefore);
  });
});

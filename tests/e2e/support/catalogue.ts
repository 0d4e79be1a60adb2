import type { Page } from 'playwright-core';

/**
 * The product ids of the list on screen, in order (only those on sale unless `all`), once the
 * grid has drawn every card: it draws the first few at once and the rest a moment later
 * (src/features/shop/grid/product-grid.tsx), as a person would see after a glance.
 */
export async function listedProductIds(page: Page, all = false): Promise<number[]> {
  await page.locator('[data-testid="product-card"]').first().waitFor({ timeout: 20_000 });
  await page.waitForFunction(
    () => {
      const items = document.querySelectorAll('main [role="list"] > [role="listitem"]');
      const size = Number(items[0]?.getAttribute('aria-setsize') ?? 0);
      return items.length > 0 && items.length >= Math.min(size, 40);
    },
    null,
    { timeout: 20_000 },
  );
  const cards = page.locator(all ? '[data-testid="product-card"]' : '[data-testid="product-card"]:not(.is-out)');
  return cards.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-product-id'))));
}

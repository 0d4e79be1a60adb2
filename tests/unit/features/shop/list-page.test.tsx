// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import ListPage from '../../../../src/features/shop/catalogue/list-page';
import { toasts } from '../../../../src/ui/toast-store';
import { db, outboxKinds, productRow, renderPage, signedIn, storeList } from './support';

beforeEach(() => signedIn('glo'));
afterEach(cleanup);

const cards = () => screen.getAllByTestId('product-card');

describe('list page (/shop/<list>, read from Dexie)', () => {
  it('shows placeholder cards while reading, then the stored list with prices, pack size and stock', async () => {
    await storeList('sticks', [
      productRow(1, { title: 'Neo Tobacco', price: 95, quantity: 20, available: false }),
      productRow(2, { title: 'Neo Mint', subTitle: 'Ментол', price: 99.5, quantity: 20 }),
    ]);
    renderPage(ListPage, '/shop/sticks', '/shop/sticks');
    expect(screen.getAllByLabelText('Завантаження').length).toBeGreaterThan(0);
    await waitFor(() => expect(cards()).toHaveLength(2));
    // Out of stock goes last, says so, and cannot be added.
    const [first, second] = cards();
    expect(within(first!).getByText('Neo Mint')).toBeTruthy();
    expect(within(first!).getByText('Ментол')).toBeTruthy();
    expect(within(first!).getByText('99,5 грн')).toBeTruthy();
    expect(within(first!).getByText('20 шт. в упаковці')).toBeTruthy();
    expect(within(second!).getByText('Немає в наявності')).toBeTruthy();
    expect((within(second!).getByTestId('add-to-cart') as HTMLButtonElement).disabled).toBe(true);
    expect(within(first!).getByRole('link').getAttribute('href')).toBe('/shop/sticks/2');
    expect(screen.getByText('2 товари')).toBeTruthy();
  });

  it('draws the list head with its catalogue line in the same render as the cards (a member’s kept copy matches it: nothing moves)', async () => {
    await storeList('sticks', [productRow(1, { title: 'Neo Tobacco' }), productRow(2, { title: 'Neo Mint' })]);
    const { container } = renderPage(ListPage, '/shop/sticks', '/shop/sticks');
    const seen = await new Promise<{ age: boolean }>((resolve) => {
      const look = () => {
        if (!container.querySelector('[data-testid="product-card"]')) return false;
        resolve({ age: Boolean(container.querySelector('[data-testid="catalogue-age"]')) });
        return true;
      };
      if (look()) return;
      const watch = new MutationObserver(() => look() && watch.disconnect());
      watch.observe(container, { childList: true, subtree: true });
    });
    expect(seen.age).toBe(true);
  });

  it('offline, the list head says so in one line, like the online one, so the cards stay where they were', async () => {
    await storeList('sticks', [productRow(1, { title: 'Neo Tobacco' })]);
    renderPage(ListPage, '/shop/sticks', '/shop/sticks');
    const online = await screen.findByTestId('catalogue-age');
    expect(online.className).toBe('catalogue-age');
    cleanup();
    const flag = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine')!;
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    try {
      renderPage(ListPage, '/shop/sticks', '/shop/sticks');
      const line = await screen.findByTestId('catalogue-age');
      expect(line.textContent).toMatch(/^ ?Офлайн · каталог оновлено /);
      expect(line.tagName).toBe(online.tagName);
      expect(line.classList.contains('catalogue-age')).toBe(true);
      expect(line.getAttribute('role')).toBe('status');
    } finally {
      Object.defineProperty(navigator, 'onLine', flag);
      delete (navigator as { onLine?: boolean }).onLine;
    }
  });

  it('bonus items show their XP price', async () => {
    await storeList('bonus', [productRow(5, { title: 'Чохол', price: 0, bonuses: 1200, category: 'bonus' })]);
    renderPage(ListPage, '/shop/bonus', '/shop/bonus');
    expect(await screen.findByText('1 200 XP')).toBeTruthy();
  });

  it('an empty list says so; a list of the other shop says how to get there', async () => {
    await storeList('sticks', [productRow(1)]);
    renderPage(ListPage, '/shop/devices', '/shop/devices');
    expect(await screen.findByText('Тут поки порожньо')).toBeTruthy();
    cleanup();
    renderPage(ListPage, '/shop/ogo-cigs', '/shop/ogo-cigs');
    expect(await screen.findByText(/Це розділ магазину ogo/)).toBeTruthy();
  });

  it('nothing stored and offline: says the catalogue comes with the connection', async () => {
    const online = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine')!;
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    try {
      renderPage(ListPage, '/shop/sticks', '/shop/sticks');
      expect(await screen.findAllByText(/каталог ще не завантажувався/)).not.toHaveLength(0);
    } finally {
      Object.defineProperty(navigator, 'onLine', online);
      delete (navigator as { onLine?: boolean }).onLine;
    }
  });

  it('the heart writes the favourite and queues exactly one outbox entry per press', async () => {
    await storeList('sticks', [productRow(1), productRow(2)]);
    renderPage(ListPage, '/shop/sticks', '/shop/sticks');
    await waitFor(() => expect(cards()).toHaveLength(2));
    fireEvent.click(within(cards()[1]!).getByTestId('favourite-toggle'));
    await waitFor(async () => expect(await db.favourites.get(['glo', 2])).toBeTruthy());
    await waitFor(() =>
      expect(within(cards()[1]!).getByTestId('favourite-toggle').getAttribute('aria-pressed')).toBe('true'),
    );
    expect(await outboxKinds()).toEqual(['favourite-toggle']);
    fireEvent.click(within(cards()[1]!).getByTestId('favourite-toggle'));
    await waitFor(async () => expect(await db.favourites.get(['glo', 2])).toBeUndefined());
    expect(await outboxKinds()).toEqual(['favourite-toggle', 'favourite-toggle']);
  });

  it('«+» twice is one cart line with count 2, one entry per press, and a confirmation', async () => {
    await storeList('sticks', [productRow(1, { title: 'Neo Tobacco' })]);
    renderPage(ListPage, '/shop/sticks', '/shop/sticks');
    await waitFor(() => expect(cards()).toHaveLength(1));
    const add = screen.getByTestId('add-to-cart');
    fireEvent.click(add);
    await waitFor(async () => expect((await db.cart.get(['glo', 10]))?.count).toBe(1));
    fireEvent.click(add);
    await waitFor(async () => expect((await db.cart.get(['glo', 10]))?.count).toBe(2));
    expect(await db.cart.count()).toBe(1);
    expect(await outboxKinds()).toEqual(['cart-change', 'cart-change']);
    expect(toasts.list().map((t) => t.text)).toContain('Додано в кошик: Neo Tobacco');
    await waitFor(() => expect(within(add).getByText('2')).toBeTruthy());
  });
});

// The member's actions of the consistency test (trust-consistency.e2e.ts) as fast-check commands:
// each drives the screens as a person would (clicks and typing) and updates the model, which says
// what the server should hold afterwards (XP balance, scan count, cart, favourites per variant).
import type fc from 'fast-check';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { freshCodes } from './support/camera';
import { typeCodes } from './faults-steps';
import { goOffline, goOnline } from './support/network';
import { addProduct, chooseBranch, choosePayment, openDelivery, placeOrder, switchVariant } from './shop-steps';

export type V = 'glo' | 'ogo';

export interface Model {
  variant: V;
  balance: Record<V, number>;
  scans: Record<V, number>;
  /** Product id → units, per variant. */
  cart: Record<V, Map<number, number>>;
  favourites: Record<V, Set<number>>;
}

export interface Real {
  page: Page;
  base: string;
  /** A few products of each variant's sticks list, and the list's path. */
  products: Record<V, { list: string; ids: number[] }>;
}

type Cmd = fc.AsyncCommand<Model, Real>;

export const digits = (t: string | null) => Number((t ?? '').replace(/\D/g, ''));
const units = (m: Model) => [...m.cart[m.variant].values()].reduce((n, c) => n + c, 0);

/** The cart badge of the bottom navigation (0 when the cart is empty); null on a screen without the navigation. */
export async function badge(page: Page): Promise<number | null> {
  if ((await page.locator('.bottom-nav').count()) === 0) return null;
  const b = page.locator('.bottom-nav__badge');
  return (await b.count()) ? digits(await b.textContent()) : 0;
}

/** After each action: the badge counts the active variant's units at once (the shop's page when the screen has no navigation). */
async function badgeIsModel(page: Page, base: string, m: Model): Promise<void> {
  if ((await page.locator('.bottom-nav').count()) === 0) await page.goto(`${base}/shop`);
  await expect.poll(() => badge(page), { timeout: 10_000, message: 'cart badge' }).toBe(units(m));
}

class Scan implements Cmd {
  constructor(readonly offline: boolean) {}
  check = () => true;
  async run(m: Model, { page, base }: Real): Promise<void> {
    const [c] = await freshCodes(base, m.variant, 1);
    if (this.offline) await goOffline(page.context());
    try {
      await page.goto(`${base}/scanning`);
      await typeCodes(page, base, [c!]);
    } finally {
      if (this.offline) await goOnline(page.context());
    }
    await page
      .locator(`[data-testid="scan-row"][data-scan-code="${c!.code}"][data-state="credited"]`)
      .waitFor({ timeout: 30_000 });
    m.balance[m.variant] += c!.xp;
    m.scans[m.variant] += 1;
    await badgeIsModel(page, base, m);
  }
  toString = () => `scan(${this.offline ? 'offline' : 'online'})`;
}

class AddToCart implements Cmd {
  constructor(readonly pick: number) {}
  check = () => true;
  async run(m: Model, { page, base, products }: Real): Promise<void> {
    const { list, ids } = products[m.variant];
    const id = ids[this.pick % ids.length]!;
    await addProduct(page, base, list, id);
    m.cart[m.variant].set(id, (m.cart[m.variant].get(id) ?? 0) + 1);
    await badgeIsModel(page, base, m);
  }
  toString = () => `addToCart(#${this.pick})`;
}

/** Removes one line of /shop/cart with its «×». */
async function removeLine(page: Page, m: Model, id: number): Promise<void> {
  const line = page.locator(`[data-testid="cart-line"][data-product-id="${id}"]`);
  await line.getByTestId('cart-remove').click();
  await expect.poll(() => line.count(), { timeout: 10_000 }).toBe(0);
  m.cart[m.variant].delete(id);
}

async function openCart(page: Page, base: string, m: Model): Promise<void> {
  await page.goto(`${base}/shop/cart`);
  await expect
    .poll(() => page.getByTestId('cart-line').count(), { timeout: 15_000, message: 'cart lines' })
    .toBe(m.cart[m.variant].size);
}

class RemoveFromCart implements Cmd {
  constructor(readonly pick: number) {}
  check = (m: Readonly<Model>) => m.cart[m.variant].size > 0;
  async run(m: Model, { page, base }: Real): Promise<void> {
    await openCart(page, base, m);
    const ids = [...m.cart[m.variant].keys()];
    await removeLine(page, m, ids[this.pick % ids.length]!);
    await badgeIsModel(page, base, m);
  }
  toString = () => `removeFromCart(#${this.pick})`;
}

class ToggleFavourite implements Cmd {
  constructor(readonly pick: number) {}
  check = () => true;
  async run(m: Model, { page, base, products }: Real): Promise<void> {
    const { list, ids } = products[m.variant];
    const id = ids[this.pick % ids.length]!;
    await page.goto(`${base}/shop/${list}/${id}`);
    const heart = page.getByTestId('product-detail').getByTestId('favourite-toggle');
    const was = m.favourites[m.variant].has(id);
    await expect.poll(() => heart.getAttribute('aria-pressed'), { timeout: 15_000 }).toBe(String(was));
    await heart.click();
    await expect
      .poll(() => heart.getAttribute('aria-pressed'), { timeout: 10_000, message: 'heart follows the tap' })
      .toBe(String(!was));
    if (was) m.favourites[m.variant].delete(id);
    else m.favourites[m.variant].add(id);
    await badgeIsModel(page, base, m);
  }
  toString = () => `toggleFavourite(#${this.pick})`;
}

/** An order paid fully in XP: the cart emptied, the cheapest offer of /exchange taken, ordered to a branch. */
class ExchangeOrder implements Cmd {
  check = (m: Readonly<Model>) => m.balance[m.variant] >= 500;
  async run(m: Model, { page, base }: Real): Promise<void> {
    await openCart(page, base, m);
    for (const id of [...m.cart[m.variant].keys()]) await removeLine(page, m, id);
    await page.goto(`${base}/exchange`);
    await page.locator('[data-testid="exchange-offer"][data-state="active"]').first().click();
    await page.getByTestId('exchange-detail').waitFor();
    const price = digits(await page.getByTestId('exchange-price').textContent());
    const id = Number(/\/(\d+)$/.exec(page.url())?.[1]);
    await page.getByTestId('exchange-add').click();
    await page.waitForURL(`${base}/shop/cart`);
    m.cart[m.variant].set(id, 1);
    await openDelivery(page, base);
    await chooseBranch(page, 'Льв', 'Львів', 3);
    await choosePayment(page, base, 'xp');
    await placeOrder(page, base);
    m.cart[m.variant].clear();
    m.balance[m.variant] -= price;
    await badgeIsModel(page, base, m);
  }
  toString = () => 'exchangeOrder';
}

/** A certificate of 100 ₴ from ТехноСвіт, bought with XP on /certificates. */
class BuyCertificate implements Cmd {
  check = (m: Readonly<Model>) => m.balance[m.variant] >= 300;
  async run(m: Model, { page, base }: Real): Promise<void> {
    await page.goto(`${base}/certificates`);
    const nominal = page
      .getByTestId('cert-partner')
      .filter({ hasText: 'ТехноСвіт' })
      .locator('[data-testid="cert-nominal"][data-nominal="100"]');
    await nominal.waitFor({ timeout: 20_000 });
    const price = digits(await nominal.locator('span:not(.visually-hidden)').first().textContent());
    expect(price).toBeGreaterThan(0);
    await nominal.click();
    await page.getByTestId('cert-buy').click();
    // The certificate service may first ask for the member's name and e-mail (docs/api.md#certificates regist).
    const save = page.getByRole('button', { name: 'Зберегти й купити' });
    await page.getByTestId('cert-item').or(save).first().waitFor({ timeout: 20_000 });
    if (await save.isVisible()) {
      const sheet = page.getByTestId('cert-purchase');
      await sheet.getByLabel('Ім’я').fill('Олена');
      await sheet.getByLabel('Прізвище').fill('Коваленко');
      await sheet.getByLabel('Електронна пошта').fill('olena@example.com');
      await save.click();
    }
    await page.waitForURL(`${base}/certificates/my-list`, { timeout: 20_000 });
    m.balance[m.variant] -= price;
    await badgeIsModel(page, base, m);
  }
  toString = () => 'buyCertificate';
}

class SwitchVariant implements Cmd {
  check = () => true;
  async run(m: Model, { page, base }: Real): Promise<void> {
    m.variant = m.variant === 'glo' ? 'ogo' : 'glo';
    await switchVariant(page, base, m.variant);
    await badgeIsModel(page, base, m);
  }
  toString = () => 'switchVariant';
}

/** Every action, with the weights of a member's visit: scans and the cart most often. */
export function memberAction(f: typeof fc): fc.Arbitrary<Cmd> {
  return f.oneof(
    { weight: 3, arbitrary: f.boolean().map((offline): Cmd => new Scan(offline)) },
    { weight: 2, arbitrary: f.nat(9).map((n): Cmd => new AddToCart(n)) },
    { weight: 1, arbitrary: f.nat(9).map((n): Cmd => new RemoveFromCart(n)) },
    { weight: 1, arbitrary: f.nat(9).map((n): Cmd => new ToggleFavourite(n)) },
    { weight: 1, arbitrary: f.constant<Cmd>(new ExchangeOrder()) },
    { weight: 1, arbitrary: f.constant<Cmd>(new BuyCertificate()) },
    { weight: 2, arbitrary: f.constant<Cmd>(new SwitchVariant()) },
  );
}

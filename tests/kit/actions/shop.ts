import type { ProductRow, Variant } from '../../../src/db/rows-catalogue';
import type { ShopVariant } from '../../../src/domain/catalogue/catalogue';
import { COMMON_COPY } from '../../../src/features/shop/copy';
import { accountOf } from '../../../src/sync/auth/session';
import {
  addProductToCart,
  decrementCartLine,
  incrementCartLine,
  removeCartLine,
  setCartLineCount,
} from '../../../src/sync/mutations/shop/cart-change';
import { toggleFavourite } from '../../../src/sync/mutations/shop/favourite-toggle';
import { finishPlacedOrders } from '../../../src/sync/checkout/order';
import { refreshCartOnOpen } from '../../../src/sync/pullers/cart-refresh';
import type { Phone } from '../phone';
import type { Tab } from '../tab';
import type { Told } from '../told';

/** A product as a test names it: the row a list shows, or its id in the active shop. */
export type ProductRef = ProductRow | number;

/** The shop's taps (src/features/shop/use-shop-actions.ts): favourites and the cart, each one queued change. */
export class ShopActions {
  constructor(private readonly p: Phone) {}

  /** The heart on a product: added to or removed from the favourites; `value.on` says which. */
  favourite(product: ProductRef): Promise<Told<{ on: boolean }>> {
    return this.p.act(async (tab) => {
      const row = await this.product(tab, product);
      const account = await accountOf(tab.db, row.variant);
      if (!account) return { at: 'refused', says: COMMON_COPY.signInFirst };
      const { on } = await toggleFavourite(tab.db, account, row.id, this.p.clock.now());
      return { value: { on } };
    });
  }

  /** «До кошика»: `units` more of a product (one line per product); a refusal (out of stock, a full cart) is what the toast says. */
  addToCart(product: ProductRef, units = 1): Promise<Told<{ count: number }>> {
    return this.p.act(async (tab) => {
      const row = await this.product(tab, product);
      const account = await accountOf(tab.db, row.variant);
      if (!account) return { at: 'refused', says: COMMON_COPY.signInFirst };
      const r = await addProductToCart(tab.db, account, row, units, this.p.clock.now());
      return { says: `${COMMON_COPY.added}: ${row.title}`, value: { count: r.count } };
    });
  }

  /**
   * Opens /shop/cart: an order answered while the member was away takes its lines out, then the
   * cart as the server holds it (the member's other phones' changes) and its prices are pulled.
   */
  openCart(): Promise<Told> {
    return this.p.act(async ({ rt }) => {
      await finishPlacedOrders(rt);
      await refreshCartOnOpen(rt, undefined, this.p.clock.now);
      return { at: 'sent' };
    });
  }

  /** The cart's «+». */
  increment(product: ProductRef): Promise<Told> {
    return this.line(product, (tab, a, v) => incrementCartLine(tab.db, a, v, this.p.clock.now()));
  }

  /** The cart's «−» (not below one). */
  decrement(product: ProductRef): Promise<Told> {
    return this.line(product, (tab, a, v) => decrementCartLine(tab.db, a, v, this.p.clock.now()));
  }

  setCount(product: ProductRef, count: number): Promise<Told> {
    return this.line(product, (tab, a, v) => setCartLineCount(tab.db, a, v, count, this.p.clock.now()));
  }

  remove(product: ProductRef): Promise<Told> {
    return this.line(product, (tab, a, v) => removeCartLine(tab.db, a, v, this.p.clock.now()));
  }

  private line(
    product: ProductRef,
    run: (tab: Tab, account: { variant: Variant; customerId: number }, variantId: number) => Promise<unknown>,
  ): Promise<Told> {
    return this.p.act(async (tab) => {
      const row = await this.product(tab, product);
      const account = await accountOf(tab.db, row.variant);
      if (!account) return { at: 'refused', says: COMMON_COPY.signInFirst };
      await run(tab, account, row.variantId);
      return {};
    });
  }

  /** The product's row as this phone's catalogue holds it (a list or the product screen shows it). */
  private async product(tab: Tab, ref: ProductRef): Promise<ProductRow> {
    if (typeof ref !== 'number') return ref;
    const variant = ((await accountOf(tab.db))?.variant ?? 'glo') as ShopVariant;
    const found = (await this.p.screens.products(variant)).find((x) => x.id === ref);
    if (!found) throw new Error(`${this.p.name}: product ${ref} is not in the ${variant} catalogue on this phone`);
    return found;
  }
}

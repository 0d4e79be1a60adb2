import { veloGiftProblem, zeroPriceFlag } from '../../../src/domain/cart/totals';
import { MAX_LINE_COUNT } from '../../../src/domain/cart/cart';
import type { ShopVariant } from '../../../src/domain/catalogue/catalogue';
import { veloLinePrice, veloPromoProblem } from '../../../src/domain/cart/velo-promo';
import { unprocessable } from '../../errors';
import { productTags, type ProductRow } from './catalogue-data';

/** One order line priced from the server's catalogue. Money in kopiykas. */
export interface PricedItem {
  product: ProductRow;
  tags: string[];
  quantity: number;
  /** Catalogue price of one unit. */
  listKop: number;
  /** What one unit costs after the velo discount (= listKop without it). */
  unitKop: number;
  /** XP of one unit (0 for items paid with money). */
  xp: number;
}

export interface PricedCart {
  items: PricedItem[];
  subtotalKop: number;
  moneyKop: number;
  discountKop: number;
  xp: number;
  /** The velo promo applied. */
  velo: boolean;
}

const variantName = (v: ShopVariant) => (v === 'ogo' ? 'ogo' : 'glo');

/**
 * Prices the cart with the catalogue's own numbers (whatever the app sent is ignored) and
 * refuses what cannot be ordered: an empty cart, unknown, foreign or sold-out products, a bonus
 * item next to paid ones (docs/rules.md#validation flag), a cart of gifts only, a velo code that does not apply.
 */
export function priceCart(opts: {
  variant: ShopVariant;
  lines: ReadonlyArray<{ variant_id: number; quantity: number }>;
  products: ReadonlyMap<number, ProductRow>;
  customerTags: readonly string[];
  promocode: string | undefined;
  configuredPromo: string;
}): PricedCart {
  if (opts.lines.length === 0)
    throw unprocessable('empty_cart', 'Кошик порожній: додай товари, щоб оформити замовлення');
  const counts = new Map<number, number>();
  for (const l of opts.lines) counts.set(l.variant_id, (counts.get(l.variant_id) ?? 0) + l.quantity);

  const items: PricedItem[] = [];
  for (const [variantId, quantity] of counts) {
    const p = opts.products.get(variantId);
    if (!p) throw unprocessable('product_unknown', `Товару з кодом ${variantId} немає в каталозі. Онови кошик`);
    if (p.variant !== opts.variant) {
      throw unprocessable(
        'product_other_variant',
        `«${p.title}» продається в магазині ${variantName(p.variant)}, а не ${variantName(opts.variant)}`,
      );
    }
    if (p.available !== 1)
      throw unprocessable('product_unavailable', `«${p.title}» зараз немає в наявності. Прибери його з кошика`);
    if (quantity > MAX_LINE_COUNT)
      throw unprocessable('too_many_units', `Не більше ${MAX_LINE_COUNT} шт. «${p.title}» в одному замовленні`);
    const xp = p.xp_price ?? 0;
    const listKop = xp > 0 ? 0 : p.price;
    items.push({ product: p, tags: productTags(p), quantity, listKop, unitKop: listKop, xp });
  }

  const asCart = items.map((i) => ({ count: i.quantity, price: i.listKop / 100, bonuses: i.xp, tags: i.tags }));
  if (zeroPriceFlag(asCart)) {
    throw unprocessable(
      'bonus_mixed_with_paid',
      'Бонусні товари за XP оформлюються окремим замовленням, без товарів за гроші',
    );
  }
  if (items.every((i) => i.listKop === 0 && i.xp === 0)) {
    throw unprocessable('gift_only', 'Подарунок можна отримати лише разом із покупкою');
  }
  const giftProblem = veloGiftProblem(asCart);
  if (giftProblem) throw unprocessable('velo_gift_not_allowed', giftProblem);

  let velo = false;
  const code = opts.promocode?.trim();
  if (code) {
    const problem = veloPromoProblem({
      variant: opts.variant,
      lines: items,
      customerTags: opts.customerTags,
      code,
      configured: opts.configuredPromo,
    });
    if (problem) throw unprocessable('promo_not_applicable', problem);
    velo = true;
    for (const i of items) i.unitKop = veloLinePrice(i.listKop, i);
  }

  let subtotalKop = 0;
  let moneyKop = 0;
  let xp = 0;
  for (const i of items) {
    subtotalKop += i.listKop * i.quantity;
    moneyKop += i.unitKop * i.quantity;
    xp += i.xp * i.quantity;
  }
  return { items, subtotalKop, moneyKop, discountKop: subtotalKop - moneyKop, xp, velo };
}

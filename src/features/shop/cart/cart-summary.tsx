import type { CartLineRow } from '../../../db/rows-catalogue';
import { veloGiftCount, veloGiftDisplayCount } from '../../../domain/cart/totals';
import type { ShopVariant } from '../../../domain/catalogue/catalogue';
import { formatUah } from '../../../domain/format/money';
import { leftForFreeShipping } from '../../../domain/cart/free-shipping';
import { FREE_SHIPPING } from '../config';
import { CART_COPY } from './copy';
import { formatXp } from '../format';
import { ShopIcon } from '../shop-icons';

/** docs/rules.md#constants free shipping: how far the cart (after discounts) is from the variant's configured threshold. */
export function FreeShipping({ variant, money, xp }: { variant: ShopVariant; money: number; xp: number }) {
  const threshold = FREE_SHIPPING[variant];
  const left = leftForFreeShipping(variant, money, FREE_SHIPPING);
  const xpOnly = money === 0 && xp > 0;
  const progress = xpOnly ? 1 : Math.min(1, money / threshold);
  return (
    <div className={`free-ship${left === 0 || xpOnly ? ' is-free' : ''}`} data-testid="free-shipping">
      <div className="free-ship__text">
        <ShopIcon name="truck" size={20} />
        <span>
          {xpOnly ? CART_COPY.freeBonus : left === 0 ? CART_COPY.freeReached : CART_COPY.freeLeft(formatUah(left))}
        </span>
      </div>
      <div
        className="free-ship__bar"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={threshold}
        aria-valuenow={Math.min(money, threshold)}
      >
        <span style={{ transform: `scaleX(${progress})` }} />
      </div>
      {!xpOnly && <span className="free-ship__note">{CART_COPY.freeFrom(formatUah(threshold))}</span>}
    </div>
  );
}

/** docs/rules.md#validation flag: a zero-priced (XP) item next to items paid with money cannot be one order. */
export function ZeroPriceNotice() {
  return (
    <div className="cart-notice" role="note" data-testid="zero-price-flag">
      <strong>{CART_COPY.zeroPriceTitle}</strong>
      <p>{CART_COPY.zeroPriceText}</p>
    </div>
  );
}

/** The totals in UAH and XP (docs/rules.md#states), the velo discount, the shipping line, and the velo gifts shown (at most 2, docs/rules.md#constants). */
/** The cart's figures, UAH and XP, after the velo discount when its code applies. */
export interface CartFigures {
  subtotal: number;
  discount: number;
  money: number;
  xp: number;
  /** Shipping is free: the threshold is reached, or the order is paid with XP only (docs/rules.md#constants). */
  freeShipping: boolean;
}

export function CartSummary({ lines, summary: s }: { lines: readonly CartLineRow[]; summary: CartFigures }) {
  const freeShip = s.freeShipping;
  const gifts = veloGiftCount(lines);
  return (
    <section className="cart-summary" aria-label={CART_COPY.summary} data-testid="cart-summary">
      <div className="cart-summary__row">
        <span>{CART_COPY.goods}</span>
        <span>{formatUah(s.subtotal)}</span>
      </div>
      {s.discount > 0 && (
        <div className="cart-summary__row">
          <span>{CART_COPY.veloDiscount}</span>
          <span className="is-free" data-testid="cart-discount">
            −{formatUah(s.discount)}
          </span>
        </div>
      )}
      {s.xp > 0 && (
        <div className="cart-summary__row">
          <span>{CART_COPY.xp}</span>
          <span className="is-xp" data-testid="cart-total-xp">
            {formatXp(s.xp)}
          </span>
        </div>
      )}
      {gifts > 0 && (
        <div className="cart-summary__gift" data-testid="velo-gifts">
          <span className="cart-summary__gift-title">
            <ShopIcon name="gift" size={16} /> {CART_COPY.veloGifts(veloGiftDisplayCount(lines))}
          </span>
          <span className="cart-summary__note">{CART_COPY.veloGiftsNote}</span>
        </div>
      )}
      <div className="cart-summary__row">
        <span>{CART_COPY.shipping}</span>
        <span className={freeShip ? 'is-free' : undefined}>
          {freeShip ? CART_COPY.shippingFree : CART_COPY.shippingCarrier}
        </span>
      </div>
      <div className="cart-summary__total">
        <span>{CART_COPY.money}</span>
        <strong data-testid="cart-total">{formatUah(s.money)}</strong>
      </div>
    </section>
  );
}

import { Link } from 'react-router';
import type { CartLineRow } from '../../../db/rows-catalogue';
import { formatUah } from '../../../domain/format/money';
import { CART_COPY } from './copy';
import { COMMON_COPY } from '../copy';
import { formatXp } from '../format';
import { priceLabel } from '../product/price-label';
import { productPath } from '../links';
import { ProductImage } from '../product/product-image';
import { QuantityStepper } from '../product/quantity-stepper';
import { ShopIcon } from '../shop-icons';
import './cart-page.css';

export interface LineActions {
  onIncrement: () => void;
  onDecrement: () => void;
  onSet: (n: number) => void;
  onRemove: () => void;
}

/** One cart line: picture, title, unit price, − count +, the line's sum and «remove». */
export function CartLine({
  line,
  title,
  image,
  ...a
}: { line: CartLineRow; title: string; image: string | null } & LineActions) {
  const variant = line.variant === 'glo' ? 'glo' : 'ogo';
  const money = line.price * line.count;
  const xp = line.bonuses * line.count;
  const unit = { price: line.price, bonuses: line.bonuses || null };
  return (
    <li className="cart-line" data-testid="cart-line" data-product-id={line.productId}>
      <Link
        to={productPath({ id: line.productId, category: line.category, collectionId: line.collectionId }, variant)}
        className="cart-line__media"
      >
        <ProductImage src={image} title={title} category={line.category} size="thumb" />
      </Link>
      <div className="cart-line__body">
        <div className="cart-line__top">
          <div className="cart-line__text">
            <span className="cart-line__title">{title}</span>
            {line.subTitle && <span className="cart-line__sub">{line.subTitle}</span>}
            <span className="cart-line__sub">
              {CART_COPY.each(priceLabel(unit))}
              {line.quantity > 1 && ` · ${COMMON_COPY.pack(line.quantity)}`}
            </span>
          </div>
          <button
            type="button"
            className="cart-line__remove"
            aria-label={`${CART_COPY.remove}: ${title}`}
            data-testid="cart-remove"
            onClick={a.onRemove}
          >
            <ShopIcon name="trash" size={18} />
          </button>
        </div>
        <div className="cart-line__bottom">
          <QuantityStepper value={line.count} onDecrement={a.onDecrement} onIncrement={a.onIncrement} onSet={a.onSet} />
          <span className="cart-line__sum" data-testid="cart-line-sum">
            {[money > 0 || xp === 0 ? formatUah(money) : null, xp > 0 ? formatXp(xp) : null]
              .filter(Boolean)
              .join(' + ')}
          </span>
        </div>
      </div>
    </li>
  );
}

import { Link } from 'react-router';
import type { ProductRow } from '../../../db/rows-catalogue';
import { PRODUCT_TAGS } from '../../../domain/catalogue/catalogue';
import { AddButton } from './add-button';
import { COMMON_COPY } from '../copy';
import { FavouriteButton } from '../product/favourite-button';
import { isXpOnly, priceLabel } from '../product/price-label';
import { ProductImage } from '../product/product-image';
import './product-card.css';

export interface CardActions {
  favourite: boolean;
  inCart: number;
  onToggleFavourite: () => void;
  onAdd: () => Promise<unknown>;
}

/**
 * A product in a list: its drawing, title, subtitle and pack size, the price in UAH (XP for
 * bonus items), the heart and the «+»; an out-of-stock product says so and cannot be added.
 * `priority`: a card of the list's first screen (its picture is asked for first).
 */
export function ProductCard({
  product: p,
  to,
  compact = false,
  priority = false,
  ...a
}: { product: ProductRow; to: string; compact?: boolean; priority?: boolean } & CardActions) {
  const gift = p.tags.includes(PRODUCT_TAGS.veloGift);
  return (
    <article
      className={`product-card${p.available ? '' : ' is-out'}${compact ? ' product-card--compact' : ''}`}
      data-testid="product-card"
      data-product-id={p.id}
    >
      <Link to={to} className="product-card__link">
        <ProductImage src={p.image} title={p.title} category={p.category} priority={priority} />
        <span className="product-card__title">{p.title}</span>
        {p.subTitle && p.subTitle !== priceLabel(p) && <span className="product-card__sub">{p.subTitle}</span>}
        {p.quantity > 1 && <span className="product-card__pack">{COMMON_COPY.pack(p.quantity)}</span>}
        {(gift || !p.available) && (
          <span className={`product-card__badge${p.available ? ' product-card__badge--gift' : ''}`}>
            {p.available ? COMMON_COPY.gift : COMMON_COPY.outOfStock}
          </span>
        )}
      </Link>
      <div className="product-card__fav">
        <FavouriteButton on={a.favourite} onToggle={a.onToggleFavourite} />
      </div>
      <div className="product-card__foot">
        <span
          className={`product-card__price${isXpOnly(p) ? ' is-xp' : ''}${p.price === 0 && !isXpOnly(p) ? ' is-free' : ''}`}
        >
          {priceLabel(p)}
        </span>
        <AddButton inCart={a.inCart} disabled={!p.available} onAdd={a.onAdd} />
      </div>
    </article>
  );
}

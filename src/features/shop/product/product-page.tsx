import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { categoryBySlug, PRODUCT_TAGS } from '../../../domain/catalogue/catalogue';
import { MAX_LINE_COUNT } from '../../../domain/cart/cart';
import { ButtonLink, Button } from '../../../ui/button';
import { EmptyState, Skeleton } from '../../../ui/surfaces';
import { CatalogueAge } from '../catalogue/age';
import { COMMON_COPY, DETAIL_COPY } from '../copy';
import { FavouriteButton } from './favourite-button';
import { isXpOnly, priceLabel } from './price-label';
import { listOfPath } from '../links';
import { OtherShop } from '../catalogue/other-shop';
import { ProductImage } from './product-image';
import { QuantityStepper } from './quantity-stepper';
import { ShopIcon } from '../shop-icons';
import { useCartCounts, useFavouriteIds } from '../use-shop';
import { useShopActions } from '../use-shop-actions';
import { useProductOrPull } from './use-product-or-pull';
import { useScreenTitle } from '../../../state/screen-title';
import { useVariant } from '../../../state/session';
import '../../../ui/action-bar.css';
import './product-page.css';

/** /shop/{list}/{id}: one product from the stored catalogue; its back arrow leads to the list. */
export default function ProductPage() {
  const { pathname } = useLocation();
  const slug = listOfPath(pathname);
  const id = Number(useParams().id);
  const active = useVariant();
  const variant = categoryBySlug(slug)?.variant ?? active;
  const { product, state } = useProductOrPull(variant, id);
  // The document is named after the product, not its list.
  useScreenTitle(product?.title);
  const favourite = useFavouriteIds(variant).has(id);
  const inCart = useCartCounts(variant).get(id) ?? 0;
  const act = useShopActions();
  const [qty, setQty] = useState(1);
  const [busy, setBusy] = useState(false);
  const [added, setAdded] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  // Another product on the same route: start again from one unit.
  useEffect(() => {
    setQty(1);
    setAdded(false);
  }, [id]);

  if (variant !== active) return <OtherShop shop={variant} />;
  if (product === undefined || (product === null && state === 'running')) {
    return (
      <div className="stack" aria-busy="true">
        <div className="product-hero-skeleton" />
        <Skeleton lines={4} height={18} />
      </div>
    );
  }
  if (product === null) {
    return (
      <>
        <CatalogueAge variant={variant} />
        <EmptyState
          icon="shop"
          title={DETAIL_COPY.notFoundTitle}
          text={DETAIL_COPY.notFoundText}
          action={
            <ButtonLink to={`/shop/${slug}`} variant="secondary">
              {DETAIL_COPY.toList}
            </ButtonLink>
          }
        />
      </>
    );
  }

  const gift = product.tags.includes(PRODUCT_TAGS.veloGift);
  const add = async () => {
    setBusy(true);
    const r = await act.addToCart(product, qty);
    setBusy(false);
    if (!r) return;
    setAdded(true);
    setQty(1);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setAdded(false), 1800);
  };

  return (
    <article className="product-detail" data-testid="product-detail">
      <ProductImage src={product.image} title={product.title} category={product.category} size="hero" />

      <header className="product-detail__head">
        <div className="product-detail__title-row">
          <div>
            <h2 className="product-detail__title">{product.title}</h2>
            {product.subTitle && product.subTitle !== priceLabel(product) && (
              <p className="product-detail__sub">{product.subTitle}</p>
            )}
          </div>
          <FavouriteButton large on={favourite} onToggle={() => void act.toggleFavourite(variant, product.id)} />
        </div>
        <div className="product-detail__chips">
          <span className={`chip ${product.available ? 'chip--ok' : 'chip--out'}`} data-testid="availability">
            {product.available ? COMMON_COPY.inStock : COMMON_COPY.outOfStock}
          </span>
          {product.quantity > 1 && <span className="chip">{COMMON_COPY.pack(product.quantity)}</span>}
          {gift && <span className="chip chip--accent">{COMMON_COPY.gift}</span>}
        </div>
      </header>

      <div className="product-detail__price">
        <span className="t-caption">{isXpOnly(product) ? DETAIL_COPY.bonusPrice : DETAIL_COPY.price}</span>
        <strong className={isXpOnly(product) ? 'is-xp' : undefined} data-testid="detail-price">
          {priceLabel(product)}
        </strong>
        {qty > 1 && (
          <span className="product-detail__total" data-testid="detail-total">
            {DETAIL_COPY.total(
              priceLabel({
                price: product.price * qty,
                bonuses: product.bonuses === null ? null : product.bonuses * qty,
              }),
            )}
          </span>
        )}
      </div>

      {product.description && (
        <section className="product-detail__desc">
          <h3 className="t-h3">{DETAIL_COPY.description}</h3>
          <p>{product.description}</p>
        </section>
      )}

      <div className="action-bar product-buy">
        {inCart > 0 && (
          <Link to="/shop/cart" className="product-buy__incart" data-testid="detail-in-cart">
            <ShopIcon name="check" size={16} /> {COMMON_COPY.inCart(inCart)} · {COMMON_COPY.toCart}
          </Link>
        )}
        <div className="product-buy__row">
          <QuantityStepper
            value={qty}
            disabled={!product.available}
            onDecrement={() => setQty((q) => Math.max(1, q - 1))}
            onIncrement={() => setQty((q) => Math.min(MAX_LINE_COUNT, q + 1))}
            onSet={setQty}
          />
          <Button
            size="l"
            block
            busy={busy}
            disabled={!product.available}
            className={added ? 'is-added' : undefined}
            icon={added ? <ShopIcon name="check" size={18} /> : undefined}
            data-testid="detail-add"
            onClick={() => void add()}
          >
            {!product.available ? COMMON_COPY.outOfStock : added ? DETAIL_COPY.added : DETAIL_COPY.addUnits(qty)}
          </Button>
        </div>
      </div>
    </article>
  );
}

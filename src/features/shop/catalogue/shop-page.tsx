import { useLiveQuery } from 'dexie-react-hooks';
import { Link } from 'react-router';
import { db } from '../../../db/db';
import { catalogueList } from '../../../db/queries';
import type { ProductRow } from '../../../db/rows-catalogue';
import { categoriesOf, PRODUCT_TAGS, type ShopVariant } from '../../../domain/catalogue/catalogue';
import { formatUah } from '../../../domain/format/money';
import { Icon } from '../../../ui/icons';
import { EmptyState, Wordmark } from '../../../ui/surfaces';
import { CatalogueAge } from './age';
import { FREE_SHIPPING } from '../config';
import { ShopSearch } from './shop-search';
import { COMMON_COPY, HOME_COPY } from '../copy';
import { counted } from '../format';
import { productPath } from '../links';
import { GridSkeleton, ProductGrid } from '../grid/product-grid';
import { categoryIcon, ShopIcon } from '../shop-icons';
import { useCartCounts, useCatalogueState, useFavouriteIds, useOnline, useTaggedProducts } from '../use-shop';
import { useVariant } from '../../../state/session';
import '../../../ui/hero.css';
import './shop-page.css';

const POPULAR_COUNT = 6;

/** The popular list of the shop; a shop without one shows the first product in stock of each list. */
async function popularOf(variant: ShopVariant): Promise<ProductRow[]> {
  const popular = await catalogueList(db, variant, 'popular');
  if (popular.length) return popular.slice(0, POPULAR_COUNT);
  const lists = await Promise.all(
    categoriesOf(variant)
      .filter((c) => !c.bonus)
      .map((c) => catalogueList(db, variant, c.slug)),
  );
  const seen = new Set<number>();
  const out: ProductRow[] = [];
  for (const list of lists) {
    const p = list.find((x) => x.available && !seen.has(x.id));
    if (p && out.length < POPULAR_COUNT) {
      seen.add(p.id);
      out.push(p);
    }
  }
  return out;
}

/** /shop: the active variant's shop — categories, the cart and favourites, a few popular items. */
export default function ShopPage() {
  const variant = useVariant();
  const state = useCatalogueState(variant);
  const popular = useLiveQuery(() => popularOf(variant), [variant]);
  const units = [...useCartCounts(variant).values()].reduce((n, c) => n + c, 0);
  const favourites = useFavouriteIds(variant).size;
  const velo = useTaggedProducts(variant, PRODUCT_TAGS.velo);
  const online = useOnline();
  const hasPopularList = categoriesOf(variant).some((c) => c.slug === 'popular');

  return (
    <>
      <section className="hero shop-hero">
        <div className="shop-hero__brand">
          <Wordmark brand={variant} size={22} />
        </div>
        <h2 className="shop-hero__title">{HOME_COPY.title(variant)}</h2>
        <p className="shop-hero__lead">{HOME_COPY.lead}</p>
        <div className="shop-hero__entries">
          <Link to="/shop/cart" className="shop-entry" data-testid="shop-cart-entry">
            <Icon name="cart" size={20} />
            <span>{HOME_COPY.cart}</span>
            {units > 0 && <span className="shop-entry__count">{units}</span>}
          </Link>
          <Link to="/shop/favorite" className="shop-entry" data-testid="shop-favourites-entry">
            <Icon name="heart" size={20} />
            <span>{HOME_COPY.favourites}</span>
            {favourites > 0 && <span className="shop-entry__count">{favourites}</span>}
          </Link>
        </div>
      </section>

      <CatalogueAge variant={variant} />

      <ShopSearch variant={variant}>
        <section className="stack" aria-labelledby="shop-categories">
          <h2 className="t-h2" id="shop-categories">
            {HOME_COPY.categories}
          </h2>
          <div className="shop-tiles">
            {categoriesOf(variant).map((c) => {
              const n = state?.counts[c.slug];
              return (
                <Link
                  key={c.slug}
                  to={`/shop/${c.slug}`}
                  className={`shop-tile${c.bonus ? ' shop-tile--bonus' : ''}`}
                  data-testid={`tile-${c.slug}`}
                >
                  <span className="shop-tile__icon">
                    <ShopIcon name={categoryIcon(c.slug)} size={24} />
                  </span>
                  <span className="shop-tile__title">{c.title}</span>
                  <span className="shop-tile__count">
                    {state === undefined ? '\u00a0' : n ? counted(n, HOME_COPY.itemForms) : HOME_COPY.noItems}
                  </span>
                </Link>
              );
            })}
          </div>
        </section>

        {velo && velo.length > 0 && (
          <Link to="/shop/choose-velo" className="shop-velo">
            <span className="shop-velo__icon">
              <ShopIcon name="pouch" size={26} />
            </span>
            <span className="shop-velo__text">
              <strong>{HOME_COPY.velo}</strong>
              <span>{HOME_COPY.veloLead}</span>
            </span>
            <Icon name="chevron" size={18} />
          </Link>
        )}

        <section className="stack" aria-labelledby="shop-popular">
          <div className="row" style={{ justifyContent: 'space-between' }}>
            <h2 className="t-h2" id="shop-popular">
              {HOME_COPY.popular}
            </h2>
            {hasPopularList && (
              <Link to="/shop/popular" className="shop-all">
                {HOME_COPY.all}
              </Link>
            )}
          </div>
          {popular === undefined ? (
            <GridSkeleton rail count={3} />
          ) : popular.length === 0 ? (
            <EmptyState
              icon={online ? 'refresh' : 'offline'}
              title={online ? COMMON_COPY.loadingEmpty : COMMON_COPY.ageNever}
              text={online ? undefined : COMMON_COPY.offlineEmpty}
            />
          ) : (
            <ProductGrid
              rail
              variant={variant}
              products={popular}
              linkOf={(p) => productPath(p, variant)}
              label={HOME_COPY.popular}
            />
          )}
        </section>

        <p className="shop-shipping">
          <ShopIcon name="truck" size={20} />
          {HOME_COPY.freeShipping(formatUah(FREE_SHIPPING[variant]))}
        </p>
      </ShopSearch>
    </>
  );
}

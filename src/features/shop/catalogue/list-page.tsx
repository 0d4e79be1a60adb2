import { useLocation } from 'react-router';
import { useCatalogue } from '../../../db/hooks';
import { categoryBySlug } from '../../../domain/catalogue/catalogue';
import { ButtonLink } from '../../../ui/button';
import { EmptyState } from '../../../ui/surfaces';
import { CatalogueAgeOf } from './age';
import { COMMON_COPY, HOME_COPY, LIST_COPY } from '../copy';
import { counted } from '../format';
import { detailPath, listOfPath } from '../links';
import { OtherShop } from './other-shop';
import { listOrder } from '../grid/first-view';
import { GridSkeleton, ProductGrid } from '../grid/product-grid';
import { useCatalogueState, useOnline } from '../use-shop';
import { useVariant } from '../../../state/session';
import './list-page.css';

/**
 * Every catalogue list route (/shop/sticks, /shop/ogo-velo, ...; see SHOP_LIST_TITLES): one page
 * module, the list chosen by the route. Out-of-stock products go last; long lists render only
 * the rows on screen. A list of the other shop offers the switch, in both directions.
 */
export default function ListPage() {
  const { pathname } = useLocation();
  const slug = listOfPath(pathname);
  const active = useVariant();
  const category = categoryBySlug(slug);
  const variant = category?.variant ?? active;
  const products = useCatalogue(variant, slug);
  const state = useCatalogueState(variant);
  const online = useOnline();

  if (variant !== active) return <OtherShop shop={variant} />;
  if (products === undefined || state === undefined) return <GridSkeleton count={6} />;

  if (products.length === 0) {
    const neverLoaded = state.fetchedAt === null;
    return (
      <>
        <CatalogueAgeOf state={state} />
        <EmptyState
          icon={neverLoaded && !online ? 'offline' : 'shop'}
          title={!neverLoaded ? LIST_COPY.emptyTitle : online ? COMMON_COPY.loadingEmpty : COMMON_COPY.ageNever}
          text={neverLoaded ? (online ? undefined : COMMON_COPY.offlineEmpty) : LIST_COPY.emptyText}
          action={
            <ButtonLink to="/shop" variant="secondary">
              {LIST_COPY.toShop}
            </ButtonLink>
          }
        />
      </>
    );
  }

  const sorted = listOrder(products);
  return (
    <>
      <div className="list-head">
        <span className="list-head__count">{counted(products.length, HOME_COPY.itemForms)}</span>
        <CatalogueAgeOf state={state} compact />
      </div>
      <ProductGrid variant={variant} products={sorted} linkOf={(p) => detailPath(slug, p.id)} label={category?.title} />
    </>
  );
}

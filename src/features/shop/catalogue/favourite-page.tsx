import { useFavourites } from '../../../db/hooks';
import { ButtonLink } from '../../../ui/button';
import { EmptyState } from '../../../ui/surfaces';
import { FAVOURITES_COPY } from '../copy';
import { productPath } from '../links';
import { GridSkeleton, ProductGrid } from '../grid/product-grid';
import { useProductsByIds } from '../use-shop';
import { useVariant } from '../../../state/session';

/** /shop/favorite: the active variant's favourites, newest first, from the stored catalogue. */
export default function FavouritePage() {
  const variant = useVariant();
  const favourites = useFavourites(variant);
  const ids = favourites?.map((f) => f.productId).reverse();
  const products = useProductsByIds(variant, ids);

  if (favourites === undefined || products === undefined) return <GridSkeleton count={4} />;
  if (favourites.length === 0) {
    return (
      <EmptyState
        icon="heart"
        title={FAVOURITES_COPY.emptyTitle}
        text={FAVOURITES_COPY.emptyText}
        action={
          <ButtonLink to="/shop" variant="secondary">
            {FAVOURITES_COPY.toShop}
          </ButtonLink>
        }
      />
    );
  }
  const unknown = favourites.length - products.length;
  return (
    <>
      <ProductGrid variant={variant} products={products} linkOf={(p) => productPath(p, variant)} />
      {unknown > 0 && <p className="t-small">{FAVOURITES_COPY.unknown(unknown)}</p>}
    </>
  );
}

import type { ProductRow } from '../../db/rows-catalogue';
import type { ShopVariant } from '../../domain/catalogue';
import { Skeleton } from '../../ui/surfaces';
import { ProductCard } from './product-card';
import { useCartCounts, useFavouriteIds } from './use-shop';
import { useShopActions } from './use-shop-actions';
import './product-card.css';

/** Products as cards, two per row (or one scrolling rail), with the heart and «+» wired. */
export function ProductGrid({
  variant,
  products,
  linkOf,
  rail = false,
  label,
}: {
  variant: ShopVariant;
  products: readonly ProductRow[];
  linkOf: (p: ProductRow) => string;
  rail?: boolean;
  label?: string;
}) {
  const favourites = useFavouriteIds(variant);
  const inCart = useCartCounts(variant);
  const act = useShopActions();
  return (
    <div className={rail ? 'product-rail' : 'product-grid'} role="list" aria-label={label}>
      {products.map((p) => (
        <div role="listitem" className="product-grid__item" key={`${p.variant}-${p.id}`}>
          <ProductCard
            product={p}
            to={linkOf(p)}
            compact={rail}
            favourite={favourites.has(p.id)}
            inCart={inCart.get(p.id) ?? 0}
            onToggleFavourite={() => void act.toggleFavourite(variant, p.id)}
            onAdd={() => act.addToCart(p)}
          />
        </div>
      ))}
    </div>
  );
}

/** Placeholder cards while the stored catalogue is read. */
export function GridSkeleton({ count = 4, rail = false }: { count?: number; rail?: boolean }) {
  return (
    <div className={rail ? 'product-rail' : 'product-grid'} aria-busy="true" aria-label="Завантаження">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="card-skeleton">
          <div className="card-skeleton__image" />
          <Skeleton lines={2} height={12} />
        </div>
      ))}
    </div>
  );
}

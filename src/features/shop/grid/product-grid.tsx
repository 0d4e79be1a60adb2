import { lazy, startTransition, Suspense, useEffect, useState, type ReactNode } from 'react';
import type { ProductRow } from '../../../db/rows-catalogue';
import type { ShopVariant } from '../../../domain/catalogue/catalogue';
import { Skeleton } from '../../../ui/surfaces';
import { FIRST_VIEW_CARDS } from './first-view';
import { ProductCard } from './product-card';
import { useCartCounts, useFavouriteIds } from '../use-shop';
import { useShopActions } from '../use-shop-actions';
import './product-card.css';

/** From this many products a grid renders only the rows near the screen. */
export const VIRTUAL_FROM = 40;
/** Cards shown while the virtual grid's code loads (the first screen and a bit). */
const FIRST_CARDS = 12;
/** Cards a plain grid draws at once; the rest follow in a transition React cuts into short tasks. */
export const EAGER_CARDS = 6;

// Loaded only for a long list: the demo's lists are short, and every route paints within its budget.
const VirtualGrid = lazy(() => import('./virtual-grid'));

interface GridProps {
  variant: ShopVariant;
  products: readonly ProductRow[];
  linkOf: (p: ProductRow) => string;
  rail?: boolean;
  label?: string;
}

/** Products as cards, two per row (or one scrolling rail), with the heart and «+» wired; long lists virtualised. */
export function ProductGrid(props: GridProps) {
  const favourites = useFavouriteIds(props.variant);
  const inCart = useCartCounts(props.variant);
  const act = useShopActions();
  // The first screen's cards in the first render, the others right after without holding the
  // main thread in one long task (a slow phone drew them all in one block; docs/performance-log.md).
  const [drawn, setDrawn] = useState(EAGER_CARDS);
  const total = props.products.length;
  useEffect(() => {
    if (drawn < total) startTransition(() => setDrawn(total));
  }, [drawn, total]);
  const card = (p: ProductRow, i: number) => (
    <div
      role="listitem"
      className="product-grid__item"
      key={`${p.variant}-${p.id}`}
      aria-posinset={i + 1}
      aria-setsize={total}
    >
      <ProductCard
        product={p}
        to={props.linkOf(p)}
        compact={props.rail}
        priority={i < FIRST_VIEW_CARDS && !props.rail}
        favourite={favourites.has(p.id)}
        inCart={inCart.get(p.id) ?? 0}
        onToggleFavourite={() => void act.toggleFavourite(props.variant, p.id)}
        onAdd={() => act.addToCart(p)}
      />
    </div>
  );
  if (!props.rail && props.products.length >= VIRTUAL_FROM) {
    return (
      <Suspense fallback={<Plain label={props.label}>{props.products.slice(0, FIRST_CARDS).map(card)}</Plain>}>
        <VirtualGrid products={props.products} card={card} label={props.label} />
      </Suspense>
    );
  }
  return (
    <div className={props.rail ? 'product-rail' : 'product-grid'} role="list" aria-label={props.label}>
      {(props.rail ? props.products : props.products.slice(0, drawn)).map(card)}
    </div>
  );
}

function Plain({ label, children }: { label?: string; children: ReactNode }) {
  return (
    <div className="product-grid" role="list" aria-label={label}>
      {children}
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

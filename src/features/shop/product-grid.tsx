import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState } from 'react';
import type { ProductRow } from '../../db/rows-catalogue';
import type { ShopVariant } from '../../domain/catalogue';
import { Skeleton } from '../../ui/surfaces';
import { ProductCard } from './product-card';
import { useCartCounts, useFavouriteIds } from './use-shop';
import { useShopActions } from './use-shop-actions';
import './product-card.css';

/** From this many products a grid renders only the rows near the screen. */
export const VIRTUAL_FROM = 40;
/** Cards per row. */
const COLUMNS = 2;
/** A row's height before it is measured (a card at 390 px wide), px. */
const ROW_ESTIMATE = 300;

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
  const card = (p: ProductRow, i: number) => (
    <div role="listitem" className="product-grid__item" key={`${p.variant}-${p.id}`} aria-posinset={i + 1} aria-setsize={props.products.length}>
      <ProductCard
        product={p}
        to={props.linkOf(p)}
        compact={props.rail}
        favourite={favourites.has(p.id)}
        inCart={inCart.get(p.id) ?? 0}
        onToggleFavourite={() => void act.toggleFavourite(props.variant, p.id)}
        onAdd={() => act.addToCart(p)}
      />
    </div>
  );
  if (!props.rail && props.products.length >= VIRTUAL_FROM) return <VirtualGrid products={props.products} card={card} label={props.label} />;
  return (
    <div className={props.rail ? 'product-rail' : 'product-grid'} role="list" aria-label={props.label}>
      {props.products.map(card)}
    </div>
  );
}

/**
 * The rows of a long list near the viewport only (the window scrolls), measured as they render:
 * a 5,000-product category paints as fast as a short one (bench/shop-list.bench.ts).
 */
function VirtualGrid({ products, card, label }: { products: readonly ProductRow[]; card: (p: ProductRow, i: number) => React.ReactNode; label?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [margin, setMargin] = useState(0);
  useLayoutEffect(() => {
    setMargin((ref.current?.getBoundingClientRect().top ?? 0) + window.scrollY);
  }, []);
  const rows = Math.ceil(products.length / COLUMNS);
  const v = useWindowVirtualizer({ count: rows, estimateSize: () => ROW_ESTIMATE, overscan: 3, scrollMargin: margin, gap: 12 });
  return (
    <div ref={ref} className="product-vgrid" role="list" aria-label={label} style={{ height: v.getTotalSize() }} data-testid="product-vgrid">
      {v.getVirtualItems().map((row) => (
        <div
          key={row.key}
          data-index={row.index}
          ref={v.measureElement}
          className="product-grid product-vgrid__row"
          style={{ transform: `translateY(${row.start - v.options.scrollMargin}px)` }}
        >
          {products.slice(row.index * COLUMNS, row.index * COLUMNS + COLUMNS).map((p, j) => card(p, row.index * COLUMNS + j))}
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

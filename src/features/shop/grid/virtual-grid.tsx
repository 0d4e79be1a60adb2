import { useWindowVirtualizer } from '@tanstack/react-virtual';
import {
  memo,
  useCallback,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { ProductRow } from '../../../db/rows-catalogue';
import './product-card.css';

/** Cards per row. */
const COLUMNS = 2;
/** A row's height before it is measured (cards at 390 px wide: 309-335 px), px. */
const ROW_ESTIMATE = 316;
/** The grid's gap between rows, px (var(--space-3)). */
const ROW_GAP = 12;

type Card = (p: ProductRow, i: number) => ReactNode;

/**
 * The cards of one row. A row coming into the overscan first renders as a light placeholder
 * of a card's height, and its cards follow in a transition React may split across frames: a
 * frame of scrolling never waits for a row of cards to mount.
 */
const Row = memo(function Row({
  products,
  start,
  card,
  eager,
}: {
  products: readonly ProductRow[];
  start: number;
  card: Card;
  eager: boolean;
}) {
  const ready = useDeferredValue(true, eager);
  const items = products.slice(start, start + COLUMNS);
  if (!ready)
    return (
      <>
        {items.map((p) => (
          <div key={p.id} className="product-vgrid__pending" aria-hidden="true" />
        ))}
      </>
    );
  return <>{items.map((p, j) => card(p, start + j))}</>;
});

/**
 * The rows of a long list near the viewport only (the window scrolls), measured as they render:
 * a 5,000-product category paints as fast as a short one (bench/shop-list.bench.ts). Rows are
 * placed by the virtualizer writing their transform directly, so scrolling re-renders React
 * only when a row comes in or goes out.
 */
export default function VirtualGrid({
  products,
  card,
  label,
}: {
  products: readonly ProductRow[];
  card: Card;
  label?: string;
}) {
  const box = useRef<HTMLDivElement | null>(null);
  // Rows rendered before the first frame (the first screen) come with their cards at once;
  // later ones as described at Row.
  const mounted = useRef(false);
  useEffect(() => {
    const id = requestAnimationFrame(() => (mounted.current = true));
    return () => cancelAnimationFrame(id);
  }, []);
  const [margin, setMargin] = useState(0);
  useLayoutEffect(() => {
    setMargin((box.current?.getBoundingClientRect().top ?? 0) + window.scrollY);
  }, []);
  const v = useWindowVirtualizer({
    count: Math.ceil(products.length / COLUMNS),
    estimateSize: () => ROW_ESTIMATE,
    overscan: 4,
    scrollMargin: margin,
    gap: ROW_GAP,
    directDomUpdates: true,
  });
  const containerRef = v.containerRef;
  const ref = useCallback(
    (node: HTMLDivElement | null) => {
      box.current = node;
      containerRef(node);
    },
    [containerRef],
  );
  return (
    <div ref={ref} className="product-vgrid" role="list" aria-label={label} data-testid="product-vgrid">
      {v.getVirtualItems().map((row) => (
        <div key={row.key} data-index={row.index} ref={v.measureElement} className="product-grid product-vgrid__row">
          <Row products={products} start={row.index * COLUMNS} card={card} eager={!mounted.current} />
        </div>
      ))}
    </div>
  );
}

import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo, useState } from 'react';
import { db } from '../../../db/db';
import type { ProductRow } from '../../../db/rows-catalogue';
import type { ShopVariant } from '../../../domain/catalogue/catalogue';
import { searchCatalogue, SEARCH_MIN_LENGTH } from '../../../domain/catalogue/search';
import { EmptyState } from '../../../ui/surfaces';
import { useDebounced } from '../checkout/use-debounced';
import { SEARCH_COPY as T } from '../copy';
import { counted } from '../format';
import { productPath } from '../links';
import { ProductGrid } from '../grid/product-grid';
import './shop-search.css';

/** Every stored product of a shop (one row each), read once per change of the catalogue. */
function useShopProducts(variant: ShopVariant, enabled: boolean): ProductRow[] | undefined {
  return useLiveQuery(
    async () =>
      enabled
        ? db.products.where('[variant+id]').between([variant, -Infinity], [variant, Infinity]).toArray()
        : undefined,
    [variant, enabled],
  );
}

/**
 * Search over the whole stored catalogue of the active shop — every list, offline too (the
 * catalogue is in the local database). While a query is typed, its results replace the page.
 */
export function ShopSearch({ variant, children }: { variant: ShopVariant; children: React.ReactNode }) {
  const [query, setQuery] = useState('');
  const q = useDebounced(query.trim(), 150);
  const active = q.length >= SEARCH_MIN_LENGTH;
  const products = useShopProducts(variant, active || query.length > 0);
  const found = useMemo(() => (active && products ? searchCatalogue(products, q) : []), [active, products, q]);
  return (
    <>
      <form className="shop-search" role="search" onSubmit={(e) => e.preventDefault()}>
        <svg
          className="shop-search__icon"
          width="20"
          height="20"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          aria-hidden="true"
        >
          <circle cx="11" cy="11" r="7" />
          <path d="M20 20l-4-4" />
        </svg>
        <input
          type="search"
          className="shop-search__input"
          placeholder={T.placeholder}
          aria-label={T.label}
          value={query}
          data-testid="shop-search"
          onChange={(e) => setQuery(e.target.value)}
        />
        {query && (
          <button type="button" className="shop-search__clear" aria-label={T.clear} onClick={() => setQuery('')}>
            ×
          </button>
        )}
      </form>
      {!active ? (
        children
      ) : products === undefined ? null : found.length === 0 ? (
        <EmptyState icon="shop" title={T.none(q)} text={T.noneText} />
      ) : (
        <section className="stack" aria-label={T.results} data-testid="search-results">
          <span className="shop-search__count">{counted(found.length, T.forms)}</span>
          <ProductGrid variant={variant} products={found} linkOf={(p) => productPath(p, variant)} label={T.results} />
        </section>
      )}
    </>
  );
}

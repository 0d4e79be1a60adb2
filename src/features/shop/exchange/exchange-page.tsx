import { formatXp } from '../../../domain/format/money';
import { Link } from 'react-router';
import { useCatalogue, useXpBalance } from '../../../db/hooks';
import type { ProductRow } from '../../../db/rows-catalogue';
import { categoriesOf } from '../../../domain/catalogue/catalogue';
import { exchangeCheck, exchangeState, isExchangeItem } from '../../../domain/catalogue/exchange';
import { EmptyState } from '../../../ui/surfaces';
import { CatalogueAge } from '../catalogue/age';
import { GridSkeleton } from '../grid/product-grid';
import { ProductImage } from '../product/product-image';
import { useCatalogueState, useOnline } from '../use-shop';
import { EXCHANGE_COPY as T } from './copy';
import { useVariant } from '../../../state/session';
import './exchange.css';

/** The bonus list of a shop: where its exchange offers live (docs/rules.md#constants bonus, ogo-bonus). */
export function bonusSlugOf(variant: 'glo' | 'ogo'): string {
  return categoriesOf(variant).find((c) => c.bonus)?.slug ?? (variant === 'glo' ? 'bonus' : 'ogo-bonus');
}

export const exchangePath = (p: ProductRow) => `/exchange/product/${exchangeState(p)}/${p.id}`;

function Offer({ p, balance }: { p: ProductRow; balance: number | null }) {
  const { missing } = exchangeCheck(p, balance);
  const state = exchangeState(p);
  return (
    <Link
      to={exchangePath(p)}
      className={`xoffer${state === 'inactive' ? ' is-off' : ''}`}
      data-testid="exchange-offer"
      data-product-id={p.id}
      data-state={state}
    >
      <ProductImage src={p.image} title={p.title} category={p.category} size="thumb" />
      <span className="xoffer__text">
        <strong>{p.title}</strong>
        <span className={missing > 0 && state === 'active' ? 'xoffer__short' : undefined}>
          {state === 'inactive' ? T.inactive : missing > 0 ? T.missing(formatXp(missing)) : T.enough}
        </span>
      </span>
      <span className="xoffer__price">{formatXp(p.bonuses ?? 0)}</span>
    </Link>
  );
}

/**
 * /exchange: the member's XP and what it buys — the shop's bonus items, those in stock first
 * (active) and those out of stock (inactive), each leading to its detail route.
 */
export default function ExchangePage() {
  const variant = useVariant();
  const products = useCatalogue(variant, bonusSlugOf(variant));
  const state = useCatalogueState(variant);
  const balance = useXpBalance(variant);
  const online = useOnline();
  const offers = (products ?? []).filter(isExchangeItem).sort((a, b) => (a.bonuses ?? 0) - (b.bonuses ?? 0));
  const active = offers.filter((p) => exchangeState(p) === 'active');
  const inactive = offers.filter((p) => exchangeState(p) === 'inactive');

  return (
    <div className="xchange" data-testid="exchange">
      <section className="xbalance">
        <span className="xbalance__label">{T.balance}</span>
        <strong className="xbalance__value" data-testid="exchange-balance">
          {balance === undefined ? '…' : balance === null ? '—' : formatXp(balance)}
        </strong>
        <p className="xbalance__lead">{T.lead}</p>
      </section>
      <CatalogueAge variant={variant} />
      {products === undefined || state === undefined ? (
        <GridSkeleton count={4} />
      ) : offers.length === 0 ? (
        <EmptyState
          icon={state.fetchedAt === null && !online ? 'offline' : 'spark'}
          title={state.fetchedAt === null ? (online ? T.loading : T.offlineTitle) : T.emptyTitle}
          text={state.fetchedAt === null ? (online ? undefined : T.offlineText) : T.none}
        />
      ) : (
        <>
          {active.length > 0 && (
            <section className="xlist" aria-label={T.active}>
              <h2 className="xlist__title">{T.active}</h2>
              {active.map((p) => (
                <Offer key={p.id} p={p} balance={balance ?? null} />
              ))}
            </section>
          )}
          {inactive.length > 0 && (
            <section className="xlist" aria-label={T.inactive}>
              <h2 className="xlist__title">{T.inactive}</h2>
              {inactive.map((p) => (
                <Offer key={p.id} p={p} balance={balance ?? null} />
              ))}
            </section>
          )}
        </>
      )}
    </div>
  );
}

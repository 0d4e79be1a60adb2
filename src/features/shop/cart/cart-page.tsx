import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { CART_REFERRER_KEY } from '../../../state/nav-keys';
import { useSyncMaybe } from '../../../state/sync-context';
import { useCart, useKv } from '../../../db/hooks';
import { cartTotals, zeroPriceFlag } from '../../../domain/cart/totals';
import { leftForFreeShipping } from '../../../domain/cart/free-shipping';
import { formatUah, toUah } from '../../../domain/format/money';
import { Button, ButtonLink } from '../../../ui/button';
import { EmptyState, Skeleton } from '../../../ui/surfaces';
import { toasts } from '../../../ui/toast-store';
import { CartLine } from './cart-line';
import { CartSummary, FreeShipping, ZeroPriceNotice } from './cart-summary';
import { FREE_SHIPPING } from '../config';
import { CART_COPY } from './copy';
import CartPromo from './cart-promo';
import { useFinishPlacedOrders } from '../orders/use-finish-placed';
import { counted, formatXp } from '../format';
import { useOnline, useProductsByIds } from '../use-shop';
import { useShopActions } from '../use-shop-actions';
import { useVariant } from '../../../state/session';
import '../../../ui/action-bar.css';
import './cart-page.css';

const NO_CODES = { veloCode: '', friendCode: '' };
type Pricing = (typeof import('../velo/pricing'))['veloPricing'];

/** The velo pricing, loaded once a velo code is kept in the cart (null until then). */
function useVeloPricing(wanted: boolean): Pricing | null {
  const [fn, setFn] = useState<Pricing | null>(null);
  useEffect(() => {
    if (wanted && !fn) void import('../velo/pricing').then((m) => setFn(() => m.veloPricing));
  }, [wanted, fn]);
  return fn;
}

/** Where «Продовжити покупки» leads: the page the cart was opened from (referrer guard), else the shop. */
function continueTarget(): string {
  try {
    return sessionStorage.getItem(CART_REFERRER_KEY) ?? '/shop';
  } catch {
    return '/shop';
  }
}

/**
 * /shop/cart: the active variant's cart (docs/rules.md#entities: one per variant) from the local database.
 * Opening it asks the sync layer for the refresh (docs/rules.md#states: online only); every change is a domain action.
 */
export default function CartPage() {
  const variant = useVariant();
  const lines = useCart(variant);
  const codes = useKv('checkoutDrafts')?.[variant] ?? NO_CODES;
  const record = useKv('memberRecords')?.[variant] ?? null;
  const pricing = useVeloPricing(codes.veloCode !== '');
  const products = useProductsByIds(
    variant,
    lines?.map((l) => l.productId),
  );
  const sync = useSyncMaybe();
  const online = useOnline();
  const act = useShopActions();
  const navigate = useNavigate();
  // An order sent by the outbox while the member was away from the checkout: its lines leave the cart here.
  useFinishPlacedOrders({ announce: true });
  const [checking, setChecking] = useState(false);

  useEffect(() => {
    if (!sync || !online) return;
    let live = true;
    setChecking(true);
    // The sync layer picks the active variant's cart itself (the session may still be loading here).
    // Loaded with the call: the refresh brings the API layer, which the cart's first paint does not need.
    void import('../../../sync/pullers/cart-refresh')
      .then((m) => m.refreshCartOnOpen(sync))
      .finally(() => live && setChecking(false));
    return () => {
      live = false;
    };
  }, [sync, online]);

  if (lines === undefined) {
    return (
      <div className="stack" aria-busy="true">
        <Skeleton lines={3} height={64} />
      </div>
    );
  }
  if (lines.length === 0) {
    return (
      <EmptyState
        icon="cart"
        title={CART_COPY.emptyTitle}
        text={CART_COPY.emptyText}
        action={
          <ButtonLink to={continueTarget()} variant="primary" data-testid="cart-continue">
            {CART_COPY.continue}
          </ButtonLink>
        }
      />
    );
  }

  const byId = new Map((products ?? []).map((p) => [p.id, p]));
  const totals = cartTotals(lines);
  const m = pricing && codes.veloCode ? pricing(variant, lines, codes.veloCode, record?.tags ?? []) : null;
  const money = m ? toUah(m.moneyKop) : totals.money;
  const s = {
    subtotal: m ? toUah(m.subtotalKop) : totals.money,
    discount: m ? toUah(m.subtotalKop - m.moneyKop) : 0,
    money,
    xp: totals.xp,
    veloProblem: m?.veloProblem ?? null,
    freeShipping: (money === 0 && totals.xp > 0) || leftForFreeShipping(variant, money, FREE_SHIPPING) === 0,
  };
  const flagged = zeroPriceFlag(lines);
  return (
    <div className="cart">
      <div className="cart__head">
        <span className="cart__count">{counted(totals.units, CART_COPY.unitForms)}</span>
        {checking && <span className="cart__checking">{CART_COPY.checking}</span>}
      </div>
      {!online && (
        <p className="cart-offline" role="status">
          {CART_COPY.offline}
        </p>
      )}
      <FreeShipping variant={variant} money={s.money} xp={s.xp} />
      <ul className="cart-lines" aria-label={CART_COPY.goods}>
        {lines.map((l) => {
          const title = l.title || byId.get(l.productId)?.title || CART_COPY.unknownTitle;
          return (
            <CartLine
              key={l.variantId}
              line={l}
              title={title}
              image={l.image ?? byId.get(l.productId)?.image ?? null}
              onIncrement={() => void act.increment(variant, l.variantId)}
              onDecrement={() => void act.decrement(variant, l.variantId)}
              onSet={(n) => void act.setCount(variant, l.variantId, n)}
              onRemove={() =>
                void act.remove(variant, l.variantId).then((r) => {
                  if (r) toasts.show(CART_COPY.removed(title));
                })
              }
            />
          );
        })}
      </ul>
      {flagged && <ZeroPriceNotice />}
      <CartSummary lines={lines} summary={s} />
      <CartPromo
        variant={variant}
        lines={lines}
        veloProblem={s.veloProblem}
        codes={codes}
        customerTags={record?.tags ?? []}
        ordersCount={record?.orders_count ?? 0}
      />
      <ButtonLink to={continueTarget()} variant="secondary" size="l" block data-testid="cart-continue">
        {CART_COPY.continue}
      </ButtonLink>
      <div className="action-bar cart-bar">
        <div className="cart-bar__total">
          <span>{CART_COPY.money}</span>
          <strong>{formatUah(s.money)}</strong>
          {s.xp > 0 && <span className="cart-bar__xp">+ {formatXp(s.xp)}</span>}
        </div>
        <Button size="l" disabled={flagged} onClick={() => navigate('/shop/delivery')} data-testid="cart-checkout">
          {CART_COPY.checkout}
        </Button>
      </div>
    </div>
  );
}

import { useScreenTitle } from '../../../state/screen-title';
import { formatXp } from '../../../domain/format/money';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useCart, useXpBalance } from '../../../db/hooks';
import { cartTotals } from '../../../domain/cart/totals';
import { exchangeCheck, exchangeState } from '../../../domain/catalogue/exchange';
import { Button, ButtonLink } from '../../../ui/button';
import { EmptyState, Skeleton } from '../../../ui/surfaces';
import { ProductImage } from '../product/product-image';
import { useProductOrPull } from '../product/use-product-or-pull';
import { useShopActions } from '../use-shop-actions';
import { EXCHANGE_COPY as T } from './copy';
import { useVariant } from '../../../state/session';
import '../../../ui/action-bar.css';
import './exchange.css';

/**
 * /exchange/product/active/:id and /exchange/product/inactive/:id: an exchange offer with its XP
 * price, the balance before and after, and «Обміняти», which puts it in the cart to be ordered
 * in XP (docs/rules.md#states order paid with XP). The route's active/inactive is where it was listed; the
 * page shows the offer as it stands now.
 */
export default function ExchangeProductPage() {
  const id = Number(useParams().id);
  const variant = useVariant();
  const { product, state } = useProductOrPull(variant, id);
  useScreenTitle(product?.title);
  const balance = useXpBalance(variant);
  const cart = useCart(variant);
  const act = useShopActions();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  if (
    product === undefined ||
    (product === null && state === 'running') ||
    balance === undefined ||
    cart === undefined
  ) {
    return (
      <div className="stack" aria-busy="true">
        <div className="product-hero-skeleton" />
        <Skeleton lines={3} height={18} />
      </div>
    );
  }
  if (product === null) {
    return (
      <EmptyState
        icon="spark"
        title={T.notFoundTitle}
        text={T.notFoundText}
        action={
          <ButtonLink to="/exchange" variant="secondary">
            {T.toExchange}
          </ButtonLink>
        }
      />
    );
  }

  const totals = cartTotals(cart);
  const inCartXp =
    totals.xp -
    (cart.find((l) => l.productId === product.id)?.bonuses ?? 0) *
      (cart.find((l) => l.productId === product.id)?.count ?? 0);
  const check = exchangeCheck(product, balance, inCartXp);
  const price = product.bonuses ?? 0;
  const inCart = cart.find((l) => l.productId === product.id)?.count ?? 0;
  // An XP order holds bonus items only (paid fully with XP): while the cart holds items paid in
  // money, the exchange waits, and the bar says why and leads to the cart.
  const mixed = totals.money > 0;
  const blockedByCart = mixed && check.problem === null;
  const exchange = async () => {
    setBusy(true);
    const r = await act.addToCart(product, 1);
    setBusy(false);
    if (r) navigate('/shop/cart');
  };

  return (
    <article className="xdetail" data-testid="exchange-detail" data-state={exchangeState(product)}>
      <ProductImage src={product.image} title={product.title} category={product.category} size="hero" />
      <header>
        <h2 className="xdetail__title">{product.title}</h2>
        {product.description && <p className="xdetail__desc">{product.description}</p>}
      </header>
      <dl className="xdetail__facts">
        <div>
          <dt>{T.price}</dt>
          <dd className="is-xp" data-testid="exchange-price">
            {formatXp(price)}
          </dd>
        </div>
        <div>
          <dt>{T.yourBalance}</dt>
          <dd data-testid="exchange-detail-balance">{balance === null ? T.unknownBalance : formatXp(balance)}</dd>
        </div>
        {balance !== null && check.problem === null && (
          <div>
            <dt>{T.after}</dt>
            <dd>{formatXp(balance - price - inCartXp)}</dd>
          </div>
        )}
      </dl>
      {check.problem && (
        <p className="xdetail__problem" data-testid="exchange-problem">
          {product.available ? check.problem : T.unavailable}
        </p>
      )}
      {!check.problem && !mixed && <p className="xdetail__hint">{T.exchangeHint}</p>}
      <div className="action-bar xdetail__bar">
        {blockedByCart && (
          <p className="action-bar__alert" id="exchange-mixed" data-testid="exchange-mixed">
            {T.mixed}
          </p>
        )}
        {(inCart > 0 || blockedByCart) && (
          <ButtonLink to="/shop/cart" variant="secondary" size="l" data-testid="exchange-to-cart">
            {inCart > 0 ? T.inCart(inCart) : T.toCart}
          </ButtonLink>
        )}
        <Button
          size="l"
          block
          busy={busy}
          disabled={check.problem !== null || blockedByCart}
          aria-describedby={blockedByCart ? 'exchange-mixed' : undefined}
          onClick={() => void exchange()}
          data-testid="exchange-add"
        >
          {product.available ? `${T.exchange} · ${formatXp(price)}` : T.inactive}
        </Button>
      </div>
    </article>
  );
}

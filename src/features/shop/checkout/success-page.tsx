import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useKv } from '../../../db/hooks';
import { formatUah, formatXp } from '../../../domain/format/money';
import { PAYMENT_METHOD_NAMES } from '../../../domain/order/names';
import { Button, ButtonLink } from '../../../ui/button';
import { EmptyState } from '../../../ui/surfaces';
import { SUCCESS_COPY as T } from '../orders/success-copy';
import { useFinishPlacedOrders } from '../orders/use-finish-placed';
import { usePayOrder } from './use-pay-order';
import './checkout.css';
import './success-page.css';

/** The order's card payment is started once per visit of this page; coming back does not start it again. */
const startedKey = (orderId: number) => `card-payment-started:${orderId}`;

function startOnce(orderId: number): boolean {
  try {
    if (sessionStorage.getItem(startedKey(orderId))) return false;
    sessionStorage.setItem(startedKey(orderId), '1');
  } catch {
    // No session storage: start it.
  }
  return true;
}

/**
 * shop-success (/shop/success?order=<id>, no back arrow, docs/rules.md#screens): the order number and what
 * happens next. A card order goes on to the payment page at once (docs/rules.md#states: after the order, the
 * payment link); if that fails, «Оплатити карткою» asks again.
 */
export default function SuccessPage() {
  const [params] = useSearchParams();
  const orderId = Number(params.get('order'));
  const placed = useKv('placedOrders');
  const order = placed?.find((o) => o.orderId === orderId);
  const { pay, paying } = usePayOrder();
  const started = useRef(false);
  useFinishPlacedOrders();

  const card = order?.paymentMethod === 2 && order.financialStatus !== 'paid';
  useEffect(() => {
    if (!order || !card || started.current) return;
    started.current = true;
    if (startOnce(order.orderId)) void pay(order.variant, order.orderId);
  }, [order, card, pay]);

  if (placed === undefined) return null;
  if (!order) {
    return (
      <EmptyState
        icon="shop"
        title={T.notFoundTitle}
        text={T.notFoundText}
        action={
          <ButtonLink to="/history-order" variant="primary">
            {T.history}
          </ButtonLink>
        }
      />
    );
  }

  const next =
    order.paymentMethod === 3
      ? T.nextXp(formatXp(order.xpTotal))
      : order.financialStatus === 'paid'
        ? T.nextPaid
        : card
          ? paying
            ? T.nextCard
            : T.nextCardRetry
          : T.nextCash;
  return (
    <div className="success" data-testid="shop-success">
      <div className="success__hero">
        <span className="success__icon" aria-hidden="true">
          <svg
            width="40"
            height="40"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M5 12.5l4.5 4.5L19 7" />
          </svg>
        </span>
        <h2 className="success__title" data-testid="success-number">
          {T.title(order.orderNumber)}
        </h2>
        <p className="success__lead">{T.lead}</p>
      </div>
      <section className="card card--stack">
        <dl className="co-rows">
          <div className="co-row">
            <dt>{T.total}</dt>
            <dd>{order.paymentMethod === 3 ? formatXp(order.xpTotal) : formatUah(order.total)}</dd>
          </div>
          <div className="co-row">
            <dt>Оплата</dt>
            <dd>{PAYMENT_METHOD_NAMES[order.paymentMethod]}</dd>
          </div>
        </dl>
        <p className="success__next" data-testid="success-next">
          {next}
        </p>
        {order.call && <p className="success__next">{T.call(order.call.day, order.call.from, order.call.to)}</p>}
        {order.ipost && (
          <p className="success__next" data-testid="success-ipost">
            {order.ipostState === 'sent'
              ? T.ipostSent
              : order.ipostState === 'failed'
                ? order.ipostMessage
                : T.ipostWaiting}
          </p>
        )}
      </section>
      <div className="success__actions">
        {card && (
          <Button
            size="l"
            block
            busy={paying === order.orderId}
            onClick={() => void pay(order.variant, order.orderId)}
            data-testid="success-pay"
          >
            {paying === order.orderId ? T.paying : T.pay}
          </Button>
        )}
        <ButtonLink
          to="/history-order"
          variant={card ? 'secondary' : 'primary'}
          size="l"
          block
          data-testid="success-history"
        >
          {T.history}
        </ButtonLink>
        <ButtonLink to="/shop" variant="ghost" size="l" block>
          {T.shop}
        </ButtonLink>
      </div>
    </div>
  );
}

import type { CallResponse } from '../../../contract/define';
import type { getOrders } from '../../../contract/shop-order';
import { formatUah, formatXp } from '../../../domain/format/money';
import { DELIVERY_METHOD_NAMES, PAYMENT_METHOD_NAMES } from '../../../domain/order/names';
import { canPayByCard, deliveryStatus, paymentStatus } from '../../../domain/order/status';
import { Button } from '../../../ui/button';
import { Picture } from '../../../ui/picture';
import { categoryIcon, ShopIcon } from '../shop-icons';
import { formatDateTime } from '../../../domain/format/uk-format';
import { HISTORY_COPY as T } from './copy';

export type OrderSummary = CallResponse<typeof getOrders>['list'][number];

/** Lines shown before «і ще N». */
const LINES_SHOWN = 3;

/**
 * One order of the history: number, date, statuses, a second card payment given back («Повернуто»),
 * items, totals, payment and delivery; «Оплатити» for an unpaid card order.
 */
export function OrderCard({
  order: o,
  onPay,
  paying,
  highlight,
}: {
  order: OrderSummary;
  onPay: () => void;
  paying: boolean;
  highlight: boolean;
}) {
  const pay = paymentStatus(o);
  const ship = deliveryStatus(o);
  const payable = canPayByCard(o);
  return (
    <article
      className={`card card--stack order${highlight ? ' is-highlight' : ''}`}
      data-testid="order"
      data-order-number={o.order_number}
      data-financial={o.financial_status}
    >
      <header className="order__head">
        <div>
          <h2 className="order__number">{T.number(o.order_number)}</h2>
          <span className="order__date">{formatDateTime(o.created_at)}</span>
        </div>
        <strong className="order__total">
          {o.total > 0 || o.xp_total === 0 ? formatUah(o.total) : formatXp(o.xp_total)}
        </strong>
      </header>
      <div className="order__chips">
        <span className={`order-chip order-chip--${pay.tone}`} data-testid="order-payment-status">
          {pay.label}
        </span>
        <span className={`order-chip order-chip--${ship.tone}`} data-testid="order-delivery-status">
          {ship.label}
        </span>
      </div>
      {o.refunds?.map((r, i) => (
        <p key={i} className="order__refund" data-testid="order-refund" data-refund-status={r.status}>
          <strong>
            {r.status === 'refunded' ? T.refunded(formatUah(r.amount)) : T.refunding(formatUah(r.amount))}
          </strong>
          <span>{r.status === 'refunded' ? T.refundedNote : T.refundingNote}</span>
        </p>
      ))}
      <ul className="plain-list" aria-label={T.items}>
        {o.lines.slice(0, LINES_SHOWN).map((l) => (
          <li key={l.id} className="order__line">
            <span className="order__thumb">
              <Picture src={l.image} alt="" icon={<ShopIcon name={categoryIcon('')} />} width={44} height={44} />
            </span>
            <span className="order__line-title">{l.title}</span>
            <span className="order__line-qty">× {l.quantity}</span>
            <span className="order__line-sum">
              {l.bonuses > 0 ? formatXp(l.bonuses * l.quantity) : formatUah(l.price * l.quantity)}
            </span>
          </li>
        ))}
        {o.lines.length > LINES_SHOWN && <li className="order__more">{T.more(o.lines.length - LINES_SHOWN)}</li>}
      </ul>
      <dl className="order__facts">
        <div>
          <dt>{T.payment}</dt>
          <dd>{PAYMENT_METHOD_NAMES[o.payment_method] ?? '—'}</dd>
        </div>
        <div>
          <dt>{T.delivery}</dt>
          <dd>
            {DELIVERY_METHOD_NAMES[o.delivery.method] ?? '—'}
            {o.delivery.city && `, ${o.delivery.city}`}
          </dd>
        </div>
        {o.discount > 0 && (
          <div>
            <dt>{T.discount}</dt>
            <dd>−{formatUah(o.discount)}</dd>
          </div>
        )}
        {o.xp_total > 0 && (
          <div>
            <dt>{T.xp}</dt>
            <dd className="is-xp" data-testid="order-xp">
              {formatXp(o.xp_total)}
            </dd>
          </div>
        )}
      </dl>
      {payable && (
        <Button block busy={paying} onClick={onPay} data-testid="order-pay">
          {paying ? T.paying : o.financial_status === 'failed' ? T.payAgain : T.pay}
        </Button>
      )}
    </article>
  );
}

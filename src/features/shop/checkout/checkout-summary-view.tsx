import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { db } from '../../../db/db';
import { useKv } from '../../../db/hooks';
import { formatUah, formatXp } from '../../../domain/format/money';
import { DELIVERY_METHOD_NAMES, PAYMENT_METHOD_NAMES } from '../../../domain/order/names';
import { formatPhone } from '../../../domain/auth/phone';
import { deliveryAddress1 } from '../../../domain/delivery/shipping-address';
import { useOnline } from '../../../state/online';
import { useSyncMaybe } from '../../../state/sync-context';
import { checkoutActions } from '../../../sync/checkout/lazy';
import { Button } from '../../../ui/button';
import { Skeleton } from '../../../ui/surfaces';
import type { ShopVariant } from '../../../domain/catalogue/catalogue';
import { CHECKOUT_COPY as T } from './summary-copy';
import { formatCalendarDay } from '../../../domain/format/uk-format';
import { Notice } from './parts';
import { CheckoutSteps } from './steps';
import { useCheckout, type CheckoutState } from './use-checkout';
import '../../../ui/action-bar.css';
import { EmptyCart } from './empty-cart';
import './checkout.css';

/** «пт, 28 листопада» for a calendar date 'YYYY-MM-DD'. */
const calendarDay = (date: string) => formatCalendarDay(date, { weekday: true });

/** The summary of /shop/checkout (see checkout-page.tsx) and its order button. */
export default function SummaryView({ variant }: { variant: ShopVariant }) {
  const co = useCheckout(variant);
  if (co === undefined) {
    return (
      <div className="co" aria-busy="true">
        <Skeleton lines={6} height={28} />
      </div>
    );
  }
  return <Summary co={co} />;
}

function Summary({ co }: { co: CheckoutState }) {
  const { variant, summary: s, draft } = co;
  const navigate = useNavigate();
  const sync = useSyncMaybe();
  const online = useOnline();
  const phone = useKv('phone');
  const [busy, setBusy] = useState(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const [error, setError] = useState<string | null>(null);
  // A create-order of this shop still unanswered (the network dropped, or the page was reloaded mid-request).
  const unanswered = useLiveQuery(
    async () =>
      (await db.outbox.where('kind').equals('order-create').toArray()).find(
        (e) => e.account.variant === variant && e.state !== 'failed',
      )?.id ?? null,
    [variant],
    null,
  );
  const placed = useKv('placedOrders');
  const [watching, setWatching] = useState<string | null>(null);
  useEffect(() => {
    if (unanswered) setWatching(unanswered);
  }, [unanswered]);
  // The order that was waiting got its answer (the outbox sent it under its key): show it.
  const answered = watching ? placed?.find((o) => o.key === watching) : undefined;
  useEffect(() => {
    if (answered) navigate(`/shop/success?order=${answered.orderId}`, { replace: true });
  }, [answered, navigate]);

  if (co.lines.length === 0 && !unanswered) {
    return <EmptyCart />;
  }

  const place = async () => {
    setError(null);
    if (!sync) return;
    setBusy(true);
    try {
      const m = await checkoutActions();
      const r = await m.placeOrder(
        sync,
        variant,
        s,
        draft,
        {
          phone: co.record?.phone || phone || '',
          first_name: co.record?.first_name ?? '',
          total_spent: co.record?.total_spent ?? 0,
          orders_count: co.record?.orders_count ?? 0,
        },
        // «Надіслати ще раз» resends the order the member was told is on its way.
        watching,
      );
      // The answered-order effect above may have opened the success page already, and the member
      // may have gone on from there: a navigation from this unmounted view would pull them back.
      if (!mounted.current) return;
      if (r.state === 'placed') navigate(`/shop/success?order=${r.order.orderId}`, { replace: true });
      else setWatching(r.key);
    } catch (e) {
      // The offline and refused errors of src/sync/online-only carry a message for the member
      // (told apart by name: the classes would bring that module into this route's first paint).
      const told = e instanceof Error && (e.name === 'OfflineError' || e.name === 'MutationRefusedError');
      setError(told ? e.message : T.failed);
    } finally {
      setBusy(false);
    }
  };

  const xpOnly = s.money === 0 && s.xp > 0;
  const blocked = s.problems.length > 0;
  const d = draft.delivery;
  const callDay = s.callBack ? (s.callBack.day === 'today' ? 'Сьогодні' : 'Завтра') : '';
  const label = !online ? T.offlineButton : xpOnly ? T.placeXp : s.paymentMethod === 2 ? T.placeCard : T.place;
  return (
    <div className="co">
      <CheckoutSteps current={3} />
      {!online && <Notice text={T.offline} testId="checkout-offline" />}
      {unanswered && <Notice text={T.waiting} testId="checkout-waiting" />}
      {!s.tags.includes('pre-order') ? null : <Notice text={T.preOrder} />}

      <section className="card card--stack" aria-label={T.goods}>
        <div className="co-card__head">
          <h2 className="co-card__title">{T.goods}</h2>
          <Link className="co-card__edit" to="/shop/cart">
            {T.edit}
          </Link>
        </div>
        {s.rows.map((r) => (
          <div className="co-line" key={r.variantId} data-testid="checkout-line">
            <span className="co-line__text">
              <strong>{r.title}</strong>
              <span>{T.pieces(r.quantity)}</span>
            </span>
            <span className="co-line__sum">
              {r.bonuses > 0 ? formatXp(r.xp) : formatUah(r.sum)}
              {r.discounted && <span className="co-line__old">{formatUah(r.listPrice * r.quantity)}</span>}
            </span>
          </div>
        ))}
      </section>

      <section className="card card--stack" aria-label={T.delivery}>
        <div className="co-card__head">
          <h2 className="co-card__title">{T.delivery}</h2>
          <Link className="co-card__edit" to="/shop/delivery">
            {T.edit}
          </Link>
        </div>
        <dl className="co-rows">
          <div className="co-row">
            <dt>{DELIVERY_METHOD_NAMES[d.method]}</dt>
            <dd data-testid="checkout-city">{d.city}</dd>
          </div>
          <div className="co-row">
            <dt>{T.address}</dt>
            <dd data-testid="checkout-address">{deliveryAddress1(d)}</dd>
          </div>
          {d.method === 3 && draft.ipostWindow && (
            <div className="co-row">
              <dt>{T.when}</dt>
              <dd>{T.ipostWhen(calendarDay(draft.ipostWindow.date), draft.ipostWindow.from, draft.ipostWindow.to)}</dd>
            </div>
          )}
          <div className="co-row">
            <dt>{T.recipient}</dt>
            <dd>
              {[co.record?.first_name, co.record?.last_name].filter(Boolean).join(' ') || T.noRecipient}
              {(co.record?.phone || phone) && `, ${formatPhone(co.record?.phone || phone || '')}`}
            </dd>
          </div>
        </dl>
      </section>

      <section className="card card--stack" aria-label={T.payment}>
        <div className="co-card__head">
          <h2 className="co-card__title">{T.payment}</h2>
          <Link className="co-card__edit" to="/shop/payment">
            {T.edit}
          </Link>
        </div>
        <dl className="co-rows">
          <div className="co-row">
            <dt>{T.payment}</dt>
            <dd data-testid="checkout-payment">{PAYMENT_METHOD_NAMES[s.paymentMethod]}</dd>
          </div>
          {draft.comment.trim() && (
            <div className="co-row">
              <dt>{T.comment}</dt>
              <dd>{draft.comment.trim()}</dd>
            </div>
          )}
          {s.callBack && (
            <div className="co-row">
              <dt>{T.call}</dt>
              <dd data-testid="checkout-call">{T.callAt(callDay, s.callBack.from, s.callBack.to)}</dd>
            </div>
          )}
        </dl>
      </section>

      <section className="card card--stack" aria-label={T.total}>
        <dl className="co-rows">
          <div className="co-row">
            <dt>{T.subtotal}</dt>
            <dd>{xpOnly ? formatXp(s.xp) : formatUah(s.subtotal)}</dd>
          </div>
          {s.discount > 0 && (
            <div className="co-row">
              <dt>{T.discount}</dt>
              <dd className="is-free" data-testid="checkout-discount">
                −{formatUah(s.discount)}
              </dd>
            </div>
          )}
          {s.friend && (
            <div className="co-row">
              <dt>{T.friend(s.request.friendPromocode ?? '')}</dt>
              <dd className="is-free">✓</dd>
            </div>
          )}
          <div className="co-row">
            <dt>{T.shipping}</dt>
            <dd className={s.shippingOption === 1 ? undefined : 'is-free'}>
              {s.shippingOption === 1 ? T.shippingCarrier : T.shippingFree}
            </dd>
          </div>
          <div className="co-row co-row--total">
            <dt>{xpOnly ? T.xpTotal : T.total}</dt>
            <dd data-testid="checkout-total">{xpOnly ? formatXp(s.xp) : formatUah(s.money)}</dd>
          </div>
        </dl>
      </section>

      {s.veloProblem && <Notice text={T.notApplied(s.veloProblem)} testId="checkout-velo-problem" />}
      {s.friendProblem && <Notice text={T.friendNotApplied(s.friendProblem)} testId="checkout-friend-problem" />}
      {blocked && (
        <ul className="co-problems" data-testid="checkout-problems">
          {s.problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      <div className="action-bar co-bar">
        {/* The refusal of «Замовити» is drawn in the bar itself, where the tap was: never behind it. */}
        {error && (
          <p className="action-bar__alert" role="alert" data-testid="checkout-error">
            {error}
          </p>
        )}
        <div className="co-bar__total">
          <span>{xpOnly ? T.xpTotal : T.total}</span>
          <strong>{xpOnly ? formatXp(s.xp) : formatUah(s.money)}</strong>
        </div>
        <Button
          size="l"
          busy={busy}
          disabled={!online || blocked}
          onClick={() => void place()}
          data-testid="place-order"
        >
          {unanswered && online ? T.resume : label}
        </Button>
      </div>
    </div>
  );
}

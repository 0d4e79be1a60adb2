import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { CallResponse } from '../../../contract/define';
import type { getOrders } from '../../../contract/shop-order';
import { useDoc, useKv } from '../../../db/hooks';
import { paymentReturnOutcome } from '../../../domain/order/status';
import { useOnline } from '../../../state/online';
import { usePullOnOpen } from '../../../state/use-pull';
import { checkoutActions } from '../../../sync/checkout/lazy';
import { Button, ButtonLink } from '../../../ui/button';
import { PullProblem } from '../../../ui/pull-problem';
import { EmptyState, Skeleton } from '../../../ui/surfaces';
import { Notice } from '../checkout/parts';
import { formatDateTime } from '../../../domain/format/uk-format';
import { useFinishPlacedOrders } from './use-finish-placed';
import { usePayOrder } from '../checkout/use-pay-order';
import { pluralUk } from '../../../domain/format/plural';
import { HISTORY_COPY as T } from './copy';
import { OrderCard } from './order-card';
import { useVariant } from '../../../state/session';
import './orders.css';

type OrdersAnswer = CallResponse<typeof getOrders>;
/** How many times the page asks again by itself, 2 s apart, before it hands the asking to the member. */
const ROUNDS = 5;

/**
 * /history-order: the member's orders of the active shop from get-orders (docs/api.md#orders), kept whole
 * on the device, so the history reads offline after one visit. An unpaid or declined card order
 * can be paid from here; coming back from the payment page (`?payment=…&order=N`) shows the
 * order's real status, read from the server, whatever the page claimed.
 */
export default function HistoryPage() {
  const variant = useVariant();
  const [params, setParams] = useSearchParams();
  const back = Number(params.get('order')) || null;
  const [round, setRound] = useState(0);
  const state = usePullOnOpen(
    (env) => checkoutActions().then((m) => m.pullOrders(env, variant)),
    `${variant}:${back}:${round}`,
  );
  const doc = useDoc<OrdersAnswer>(variant, 'orders');
  const online = useOnline();
  const { pay, paying } = usePayOrder();
  useFinishPlacedOrders();

  const placed = useKv('placedOrders');
  const returned = back ? (doc?.value.list.find((o) => o.order_number === back) ?? null) : null;
  const outcome = back && doc ? paymentReturnOutcome(returned) : null;
  // An order placed from this device that the stored history does not list yet.
  const missing = Boolean(
    doc && placed?.some((p) => p.variant === variant && !doc.value.list.some((o) => o.id === p.orderId)),
  );
  // The page's own checks are over and none is running: asking again is the member's («Перевірити ще раз»).
  const handedOver = round >= ROUNDS && state !== 'running' && online;
  // The payment callback may land a moment after the browser returns, a new order may not be
  // listed yet, a pull may fail: ask again a few times, 2 s apart.
  useEffect(() => {
    const again = outcome === 'checking' || missing || state === 'failed';
    if (!again || !online || round >= ROUNDS || state === 'running') return;
    const t = setTimeout(() => setRound((r) => r + 1), 2000);
    return () => clearTimeout(t);
  }, [outcome, missing, online, round, state]);

  if (doc === undefined || (doc === null && (state === 'idle' || state === 'running'))) {
    return (
      <div className="orders" aria-busy="true" aria-label={T.loading}>
        <Skeleton lines={3} height={120} />
      </div>
    );
  }
  if (doc === null) {
    const offline = state === 'offline' || !online;
    return <PullProblem offline={offline} copy={T} onRetry={() => setRound((r) => r + 1)} retryOffline={false} />;
  }
  const list = doc.value.list;
  const closeBanner = () => setParams({}, { replace: true });
  return (
    <div className="orders" data-testid="history">
      {back && outcome === 'paid' && (
        <Notice tone="ok" text={T.paidBack(back)} onClose={closeBanner} closeLabel={T.close} testId="payment-return" />
      )}
      {back && outcome === 'declined' && returned && (
        <div className="orders__return" data-testid="payment-return">
          <Notice tone="bad" text={T.declinedBack(back)} />
          <Button
            block
            busy={paying === returned.id}
            onClick={() => void pay(variant, returned.id)}
            data-testid="payment-return-pay"
          >
            {T.payAgain}
          </Button>
        </div>
      )}
      {back &&
        outcome === 'checking' &&
        (handedOver ? (
          <div className="orders__return" data-testid="payment-return">
            <Notice text={T.notYetBack(back)} />
            <Button block variant="secondary" onClick={() => setRound(0)} data-testid="payment-return-check">
              {T.checkAgain}
            </Button>
          </div>
        ) : (
          <Notice text={T.checkingBack(back)} testId="payment-return" />
        ))}
      {!online && <p className="orders__stale">{T.stale(formatDateTime(doc.fetchedAt))}</p>}
      {list.length === 0 ? (
        <EmptyState
          icon="shop"
          title={T.emptyTitle}
          text={T.emptyText}
          action={
            <ButtonLink to="/shop" variant="primary">
              {T.toShop}
            </ButtonLink>
          }
        />
      ) : (
        <>
          <span className="orders__count">{`${list.length} ${pluralUk(list.length, T.orderForms)}`}</span>
          {list.map((o) => (
            <OrderCard
              key={o.id}
              order={o}
              highlight={o.order_number === back}
              paying={paying === o.id}
              onPay={() => void pay(variant, o.id)}
            />
          ))}
        </>
      )}
    </div>
  );
}

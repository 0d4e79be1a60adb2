import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { FeedbackEntry } from '../../contract/feedback';
import { db } from '../../db/db';
import { useDoc, useKv } from '../../db/hooks';
import type { Variant } from '../../db/rows-catalogue';
import { formatUah, toUah } from '../../domain/format/money';
import { useOnline } from '../../state/online';
import { useRetriedPull } from '../../state/use-pull';
import { useAppSession } from '../../state/session';
import { feedbackActions } from '../../sync/programme/lazy';
import { FEEDBACK_DOCS } from '../../sync/programme/keys';
import type { FeedbackList } from '../../sync/pullers/feedback';
import { Button } from '../../ui/button';
import { FirstPullProblem, pullFailed } from '../../ui/pull-problem';
import { EmptyState, Skeleton } from '../../ui/surfaces';
import { toasts } from '../../ui/toast-store';
import { FEEDBACK_COPY as T } from './copy';
import { FeedbackForm, type FeedbackTarget } from './feedback-form';
import { MineList } from './mine-list';
import { RoomySheet as Sheet } from '../../ui/sheet';
import './feedback.css';
import { formatDate } from '../../domain/format/uk-format';

const day = (iso: string) => formatDate(iso);

/** Whose a sent feedback is; a list stored before it said so: online by its shop, in-store then glo's. */
const variantOfSent = (f: FeedbackEntry): Variant =>
  (f.variant as Variant | undefined) ?? (f.kind === 'online' && f.shop !== 'glo' ? 'ogo' : 'glo');

/**
 * /feedback (docs/rules.md#entities, docs/api.md#feedback): online orders that can be rated (can-write-by-order of the variant's
 * shop), in-store purchases (get-offline-orders, imported in the background at most once a day),
 * and what the member sent. Feedback is queued: offline it waits, photos and all. Each variant
 * offers and lists only its own: its shop's orders and its brand's stores.
 */
export default function FeedbackPage() {
  const { variant } = useAppSession();
  const online = useOnline();
  const [params, setParams] = useSearchParams();
  const flags = useKv('feedbackFlags');
  const store = useKv('offlineOrders');
  const sent = useDoc<FeedbackList>(variant, FEEDBACK_DOCS.list);
  const local = useLiveQuery(() => db.feedback.where('variant').equals(variant).toArray(), [variant]);
  const { state, retry } = useRetriedPull(
    (env, attempt) => feedbackActions().then((m) => m.pullFeedback(env, variant, attempt > 0)),
    variant,
  );
  const [target, setTarget] = useState<FeedbackTarget | null>(null);

  const rated = new Set((local ?? []).filter((r) => r.state !== 'refused').map((r) => `${r.source}:${r.orderId}`));
  const shop = variant === 'ogo' ? 'ogo' : 'glo';
  const orders = (flags?.[shop]?.canFeedback ?? []).filter((o) => !rated.has(`online:${o.id}`));
  const purchases = (store?.orders ?? []).filter(
    (o) => (o.variant ?? 'glo') === variant && o.canFeedback && !rated.has(`offline:${o.id}`),
  );
  const asked = Number(params.get('order'));
  const fromPrompt = asked && !target ? orders.find((o) => o.id === asked) : undefined;
  const open: FeedbackTarget | null =
    target ??
    (fromPrompt ? { kind: 'online', orderId: fromPrompt.id, orderNumber: fromPrompt.order_number, shop } : null);

  const close = () => {
    setTarget(null);
    if (params.has('order')) setParams({}, { replace: true });
  };
  const nothingStored = flags === null && store === null;
  if (
    flags === undefined ||
    store === undefined ||
    local === undefined ||
    (nothingStored && (state === 'running' || state === 'idle'))
  ) {
    return (
      <div className="fb" aria-busy="true" aria-label={T.loading}>
        <Skeleton lines={4} height={56} />
      </div>
    );
  }
  if (nothingStored && pullFailed(state) && local.length === 0) {
    return <FirstPullProblem state={state} words={T} onRetry={retry} />;
  }

  const nothing = orders.length === 0 && purchases.length === 0;
  return (
    <div className="fb">
      {nothing && <EmptyState icon="spark" title={T.nothingTitle} text={T.nothingText} />}
      {orders.length > 0 && (
        <section className="stack">
          <h2 className="t-h3">{T.onlineTitle}</h2>
          <ul className="plain-list">
            {orders.map((o) => (
              <li key={o.id} className="card-row fb-order" data-testid="feedback-order" data-order={o.id}>
                <div className="fb-order__text">
                  <strong>{T.order(o.order_number)}</strong>
                  <span>
                    {T.placed(day(o.created_at))} · {o.total > 0 ? formatUah(toUah(o.total)) : T.paidXp}
                  </span>
                </div>
                <Button
                  variant="secondary"
                  onClick={() => setTarget({ kind: 'online', orderId: o.id, orderNumber: o.order_number, shop })}
                  data-testid="feedback-rate"
                >
                  {T.rate}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}
      {purchases.length > 0 && (
        <section className="stack">
          <h2 className="t-h3">{T.storeTitle}</h2>
          <ul className="plain-list">
            {purchases.map((p) => (
              <li key={p.id} className="card-row fb-order" data-testid="feedback-purchase">
                <div className="fb-order__text">
                  <strong>{p.store}</strong>
                  <span>
                    {p.address} · {day(p.date)} · {formatUah(toUah(p.total))}
                  </span>
                </div>
                <Button
                  variant="secondary"
                  onClick={() => setTarget({ kind: 'store', purchaseId: p.id, store: p.store })}
                  data-testid="feedback-rate-store"
                >
                  {T.rate}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section className="stack">
        <h2 className="t-h3">{T.mineTitle}</h2>
        <MineList
          variant={variant}
          local={local}
          sent={(sent?.value.feedback ?? []).filter((f) => variantOfSent(f) === variant)}
        />
      </section>

      <Sheet
        open={open !== null}
        onClose={close}
        title={open?.kind === 'online' ? T.formTitleOnline(open.orderNumber) : open ? T.formTitleStore(open.store) : ''}
        testId="feedback-sheet"
      >
        {open && (
          <FeedbackForm
            target={open}
            variant={variant}
            onCancel={close}
            onDone={() => {
              close();
              toasts.show(online ? T.sent : T.queued, { kind: 'success' });
            }}
          />
        )}
      </Sheet>
    </div>
  );
}

import { useDoc } from '../../db/hooks';
import { formatUah } from '../../domain/format/money';
import { useRetriedPull } from '../../state/use-pull';
import { useAppSession } from '../../state/session';
import { subscriptionActions } from '../../sync/programme/lazy';
import { SUB_DOCS } from '../../sync/programme/keys';
import type { SubHistory } from '../../sync/pullers/programmes-subscription';
import { ButtonLink } from '../../ui/button';
import { EmptyState, Skeleton } from '../../ui/surfaces';
import { FirstPullProblem, pullFailed } from '../../ui/pull-problem';
import { SUB_COPY as T } from './copy';
import '../../ui/panel.css';
import './subscription.css';
import { formatDayMonth } from '../../domain/format/uk-format';

const when = (iso: string) => formatDayMonth(iso, { year: true });

/** /subscription/history: deliveries and changes of the member's subscriptions (get-history), newest first. */
export default function SubscriptionHistoryPage() {
  const { variant } = useAppSession();
  const doc = useDoc<SubHistory>(variant, SUB_DOCS.history);
  const { state, retry } = useRetriedPull(
    (env) => subscriptionActions().then((m) => m.pullSubscriptionHistory(env, variant)),
    variant,
  );

  if (!doc) {
    if (doc === null && pullFailed(state)) return <FirstPullProblem state={state} words={T} onRetry={retry} />;
    return <Skeleton lines={6} />;
  }
  const { deliveries, events } = doc.value;
  if (deliveries.length === 0 && events.length === 0) {
    return (
      <EmptyState
        icon="refresh"
        title={T.historyEmpty}
        text={T.historyEmptyText}
        action={<ButtonLink to="/subscription">{T.plansTitle}</ButtonLink>}
      />
    );
  }
  return (
    <div className="stack-m sub">
      {deliveries.length > 0 && (
        <section className="stack">
          <h2 className="t-h3">{T.deliveries}</h2>
          <div className="list-group">
            {deliveries.map((d) => (
              <div key={d.id} className="list-row" data-testid="sub-delivery">
                <span className="list-row__text">
                  <span className="list-row__title">{when(d.date)}</span>
                  <span className="list-row__subtitle">
                    {d.planTitle} · {T.packs(d.packs)} · {formatUah(d.amount)}
                    {d.xp > 0 ? ` · +${d.xp} XP` : ''}
                  </span>
                </span>
                <span className={`sub-delivery-status is-${d.status}`}>{T.deliveryStatus[d.status]}</span>
              </div>
            ))}
          </div>
        </section>
      )}
      {events.length > 0 && (
        <section className="panel stack">
          <h2 className="t-h3">{T.events}</h2>
          <ol className="sub-timeline" data-testid="sub-events">
            {events.map((e) => (
              <li key={e.id}>
                <strong>{e.text}</strong>
                <span>{when(e.date)}</span>
              </li>
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}

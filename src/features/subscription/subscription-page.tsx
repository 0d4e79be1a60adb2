import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import type { Subscription } from '../../contract/subscription';
import { db } from '../../db/db';
import { useDoc } from '../../db/hooks';
import { formatUah } from '../../domain/format/money';
import { useRetriedPull } from '../../state/use-pull';
import { useAppSession } from '../../state/session';
import { subscriptionActions } from '../../sync/programme/lazy';
import { SUB_DOCS, SUBSCRIPTION_KINDS } from '../../sync/programme/keys';
import type { SubPlans, SubState } from '../../sync/pullers/programmes-subscription';
import { Button, ButtonLink } from '../../ui/button';
import { FirstPullProblem } from '../../ui/pull-problem';
import { EmptyState, ListRow, Skeleton } from '../../ui/surfaces';
import { SUB_COPY as T } from './copy';
import { ConfirmSheet, type Confirm } from './confirm-sheet';
import '../../ui/hero.css';
import './subscription.css';
import { formatNumber, formatDate } from '../../domain/format/uk-format';

const day = (iso: string | null) => (iso ? formatDate(iso) : '—');

function Current({ s, waiting, onAct }: { s: Subscription; waiting: boolean; onAct: (c: Confirm) => void }) {
  const status = s.id === 0 ? 'pending' : s.status;
  return (
    <section className="hero sub-hero" data-testid="sub-current" data-status={status}>
      <div className="sub-hero__top">
        <p className="sub-hero__caption">{T.heroCaption}</p>
        <span className={`sub-status is-${status}`} data-testid="sub-status">
          {T.status[status]}
        </span>
      </div>
      <h2>{s.planTitle}</h2>
      <p className="sub-hero__caption">
        {T.every(s.packs, s.intervalDays)} · {T.perDelivery(formatUah(s.price))}
      </p>
      <dl className="sub-facts">
        <div>
          <dt>{s.status === 'paused' ? T.pausedUntil : T.nextDelivery}</dt>
          <dd data-testid="sub-next">{day(s.status === 'paused' ? s.pausedUntil : s.nextDeliveryAt)}</dd>
        </div>
        <div>
          <dt>{T.earned}</dt>
          <dd>{formatNumber(s.xpEarned)} XP</dd>
        </div>
        <div>
          <dt>{T.delivered}</dt>
          <dd>{s.deliveredCount}</dd>
        </div>
        <div>
          <dt>{T.xpBox}</dt>
          <dd>+{s.xpBonus}</dd>
        </div>
      </dl>
      {waiting && <p className="sub-hero__note">{T.waiting}</p>}
      {s.id !== 0 && !waiting && (
        <div className="sub-actions">
          {s.status === 'paused' ? (
            <Button key="resume" onClick={() => onAct({ kind: 'resume' })} data-testid="sub-resume">
              {T.resume}
            </Button>
          ) : (
            <Button key="pause" onClick={() => onAct({ kind: 'pause' })} data-testid="sub-pause">
              {T.pause}
            </Button>
          )}
          <Button variant="danger" onClick={() => onAct({ kind: 'cancel' })} data-testid="sub-cancel">
            {T.cancel}
          </Button>
        </div>
      )}
    </section>
  );
}

/**
 * /subscription: the plans of the variant and the member's subscription, with subscribe, pause,
 * resume and cancel, each confirmed. Changes are queued (offline they show at once and go when
 * back); the screen reads only the local database.
 */
export default function SubscriptionPage() {
  const { variant } = useAppSession();
  const plans = useDoc<SubPlans>(variant, SUB_DOCS.plans);
  const state = useDoc<SubState>(variant, SUB_DOCS.state);
  const waiting = useLiveQuery(
    async () =>
      (
        await db.outbox
          .where('kind')
          .anyOf([...SUBSCRIPTION_KINDS])
          .toArray()
      ).some((e) => e.account.variant === variant && e.state !== 'failed'),
    [variant],
    false,
  );
  const { state: pull, retry } = useRetriedPull(
    (env) => subscriptionActions().then((m) => m.pullSubscription(env, variant)),
    variant,
  );
  const [confirm, setConfirm] = useState<Confirm | null>(null);

  let body;
  if (state === undefined || plans === undefined || ((!state || !plans) && (pull === 'running' || pull === 'idle'))) {
    body = <Skeleton lines={5} height={40} />;
  } else if (!state && !plans) {
    body = <FirstPullProblem state={pull === 'offline' ? 'offline' : 'failed'} words={T} onRetry={retry} />;
  } else if (state?.value.subscription) {
    body = <Current s={state.value.subscription} waiting={waiting} onAct={setConfirm} />;
  } else if (state && !state.value.ageVerified) {
    body = (
      <EmptyState
        icon="rules"
        title={T.notVerifiedTitle}
        text={T.notVerifiedText}
        action={<ButtonLink to="/verification">{T.verify}</ButtonLink>}
      />
    );
  } else {
    const list = plans?.value.plans ?? [];
    body = (
      <section className="stack">
        <div className="sub-intro">
          <h2 className="t-h2">{T.plansTitle}</h2>
          <p className="t-small">{T.plansText}</p>
        </div>
        {waiting && <p className="t-small">{T.waiting}</p>}
        {list.length === 0 ? (
          <EmptyState title={T.noPlans} />
        ) : (
          <ul className="card-list sub-plans">
            {list.map((p) => (
              <li key={p.id} className="card-stack sub-plan" data-testid="sub-plan">
                <div className="sub-plan__head">
                  <strong>{p.title}</strong>
                  <span className="sub-plan__price">
                    {formatUah(p.price)} <small>{T.perDeliveryShort}</small>
                  </span>
                </div>
                <p>{p.description}</p>
                <div className="sub-plan__foot">
                  <span className="sub-chip">{T.xpPerBox(p.xpBonus)}</span>
                  <Button
                    onClick={() => setConfirm({ kind: 'subscribe', plan: p })}
                    disabled={waiting}
                    data-testid="sub-subscribe"
                  >
                    {T.subscribe}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    );
  }

  return (
    <div className="stack-m sub">
      {body}
      <section className="stack">
        <h2 className="t-h3">{T.more}</h2>
        <div className="list-group">
          <ListRow icon="book" title={T.about} subtitle={T.aboutSub} to="/subscription/about" />
          <ListRow icon="help" title={T.faq} subtitle={T.faqSub} to="/subscription/faq" />
          <ListRow icon="refresh" title={T.history} subtitle={T.historySub} to="/subscription/history" />
        </div>
      </section>
      <ConfirmSheet confirm={confirm} variant={variant} onClose={() => setConfirm(null)} />
    </div>
  );
}

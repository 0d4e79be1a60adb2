import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { db } from '../../../db/db';
import type { CheckoutDraft } from '../../../db/kv';
import {
  CALL_TODAY_LABEL,
  CALL_TOMORROW_LABEL,
  CALL_HOURS,
  callBackWindow,
  callToAfter,
  suggestCallBack,
} from '../../../domain/member/call-back-day';
import { cartMoney } from '../../../domain/cart/money';
import { formatUah, formatXp, toUah } from '../../../domain/format/money';
import { lengthProblem } from '../../../domain/format/text-limit';
import { VELO_PROMO } from '../velo/config';
import { saveDraft } from '../../../sync/checkout/draft';
import { Button } from '../../../ui/button';
import { Skeleton } from '../../../ui/surfaces';
import { PAYMENT_COPY as T } from './payment-copy';
import { timeOptions } from './format';
import { Option } from './parts';
import { CheckoutSteps } from './steps';
import { useCheckoutBasics, type CheckoutBasics } from './use-checkout-basics';
import { useVariant } from '../../../state/session';
import { useProviderOn } from '../../../state/providers';
import '../../../ui/action-bar.css';
import { EmptyCart } from './empty-cart';
import './checkout.css';

/** docs/rules.md#entities Shop state: a comment of up to this many characters goes with the order. */
export const COMMENT_MAX = 500;

/**
 * /shop/payment (docs/rules.md#screens back to delivery; docs/rules.md#entities, docs/rules.md#constants): 1 cash on delivery, 2 card, or the whole
 * order in XP when the cart is bonus items only and the balance covers them; the comment; and
 * the call-back request with its day ('Сьогодні' = today, otherwise tomorrow) and window (docs/rules.md#validation).
 */
export default function PaymentPage() {
  const variant = useVariant();
  const co = useCheckoutBasics(variant);
  if (co === undefined) {
    return (
      <div className="co" aria-busy="true">
        <Skeleton lines={4} height={48} />
      </div>
    );
  }
  if (co.lines.length === 0) {
    return <EmptyCart />;
  }
  return <PaymentForm key={variant} co={co} />;
}

function PaymentForm({ co }: { co: CheckoutBasics }) {
  const { variant } = co;
  const m = cartMoney({
    variant,
    lines: co.lines,
    veloCode: co.draft.veloCode,
    customerTags: co.record?.tags ?? [],
    configuredVelo: VELO_PROMO,
  });
  const s = { money: toUah(m.moneyKop), xp: m.xp };
  const navigate = useNavigate();
  const [draft, setDraft] = useState<CheckoutDraft>(co.draft);
  const [callError, setCallError] = useState<string | null>(null);
  const change = (patch: Partial<CheckoutDraft>) => {
    setDraft((x) => ({ ...x, ...patch }));
    void saveDraft(db, variant, patch);
  };
  const xpOnly = s.money === 0 && s.xp > 0;
  // no card payment on this server: the option is shown off, with why, and a card
  // choice made before falls back to cash on delivery.
  const cardOn = useProviderOn('card');
  const cardChosen = draft.payment === 2;
  useEffect(() => {
    if (!cardOn && cardChosen) {
      setDraft((x) => ({ ...x, payment: 1 }));
      void saveDraft(db, variant, { payment: 1 });
    }
  }, [cardOn, cardChosen, variant]);
  const covered = co.balance !== null && co.balance >= s.xp;
  const times = timeOptions(CALL_HOURS.from, CALL_HOURS.to, 30);

  // A pasted comment longer than the limit stays whole and says so; the member shortens it.
  const commentProblem = lengthProblem(draft.comment, COMMENT_MAX, T.commentLabel);
  const next = () => {
    if (commentProblem) return document.getElementById('order-comment')?.focus();
    if (draft.needCall) {
      const w = callBackWindow(draft.callBack, new Date());
      if (!w.ok) return setCallError(w.reason);
    }
    if (xpOnly && !covered) return;
    navigate('/shop/checkout');
  };

  const setCall = (patch: Partial<CheckoutDraft['callBack']>) => {
    change({ callBack: { ...draft.callBack, ...patch } });
    setCallError(null);
  };

  return (
    <div className="co">
      <CheckoutSteps current={2} />
      <section className="card card--stack" aria-labelledby="pay-method">
        <h2 className="co-card__title" id="pay-method">
          {T.methodTitle}
        </h2>
        {xpOnly ? (
          <div className="co-options" role="radiogroup" aria-labelledby="pay-method">
            <Option
              active={covered}
              disabled={!covered}
              title={T.xp.title}
              text={
                co.balance === null
                  ? T.xpUnknown
                  : covered
                    ? T.xp.text(formatXp(s.xp), formatXp(co.balance))
                    : T.xpShort(formatXp(s.xp), formatXp(co.balance))
              }
              onSelect={() => undefined}
              testId="payment-xp"
            />
          </div>
        ) : (
          <div className="co-options" role="radiogroup" aria-labelledby="pay-method">
            <Option
              active={draft.payment === 1}
              title={T.cash.title}
              text={T.cash.text}
              onSelect={() => change({ payment: 1 })}
              testId="payment-1"
            />
            <Option
              active={cardOn && draft.payment === 2}
              disabled={!cardOn}
              title={T.card.title}
              text={cardOn ? T.card.text : T.cardOff}
              onSelect={() => change({ payment: 2 })}
              testId="payment-2"
            />
          </div>
        )}
        {!xpOnly && co.balance !== null && <p className="co-hint">{T.balance(formatXp(co.balance))}</p>}
      </section>

      <section className="card card--stack">
        <div className="co-textarea">
          <label htmlFor="order-comment">{T.commentTitle}</label>
          <textarea
            id="order-comment"
            placeholder={T.commentPlaceholder}
            value={draft.comment}
            aria-invalid={commentProblem ? true : undefined}
            aria-describedby="order-comment-note"
            data-testid="order-comment"
            onChange={(e) => change({ comment: e.target.value })}
          />
          <span
            id="order-comment-note"
            className={commentProblem ? 'co-error' : undefined}
            role={commentProblem ? 'alert' : undefined}
            data-testid="order-comment-note"
          >
            {commentProblem ?? T.commentLeft(COMMENT_MAX - draft.comment.length)}
          </span>
        </div>
      </section>

      <section className="card card--stack">
        <label className="co-switch">
          <input
            type="checkbox"
            checked={draft.needCall}
            data-testid="need-call"
            onChange={(e) => {
              // Turned on: the next two whole hours of today when they fit, else tomorrow morning.
              change(
                e.target.checked ? { needCall: true, callBack: suggestCallBack(new Date()) } : { needCall: false },
              );
              setCallError(null);
            }}
          />
          <span className="co-switch__text">
            <strong>{T.callTitle}</strong>
            <span>{T.callText}</span>
          </span>
        </label>
        {draft.needCall && (
          <>
            <div className="co-options co-options--row" role="radiogroup" aria-label={T.callDay}>
              {[CALL_TODAY_LABEL, CALL_TOMORROW_LABEL].map((day) => (
                <Option
                  key={day}
                  active={draft.callBack.day === day}
                  title={day}
                  onSelect={() => setCall({ day })}
                  testId={`call-day-${day === CALL_TODAY_LABEL ? 'today' : 'tomorrow'}`}
                />
              ))}
            </div>
            <div className="co-grid">
              <div className={`co-select${callError ? ' co-select--error' : ''}`}>
                <label htmlFor="call-from">{T.callFrom}</label>
                <select
                  id="call-from"
                  value={draft.callBack.from}
                  data-testid="call-from"
                  onChange={(e) =>
                    setCall({ from: e.target.value, to: callToAfter(e.target.value, draft.callBack.to, times) })
                  }
                >
                  {times.slice(0, -1).map((t) => (
                    <option key={t}>{t}</option>
                  ))}
                </select>
              </div>
              <div className={`co-select${callError ? ' co-select--error' : ''}`}>
                <label htmlFor="call-to">{T.callTo}</label>
                <select
                  id="call-to"
                  value={draft.callBack.to}
                  data-testid="call-to"
                  onChange={(e) => setCall({ to: e.target.value })}
                >
                  {/* Only times after «З»: a window never ends before it starts. */}
                  {times
                    .filter((t) => t > draft.callBack.from)
                    .map((t) => (
                      <option key={t}>{t}</option>
                    ))}
                </select>
              </div>
            </div>
            {callError && (
              <p className="co-error" role="alert" data-testid="call-error">
                {callError}
              </p>
            )}
          </>
        )}
      </section>

      <div className="action-bar co-bar">
        <div className="co-bar__total">
          <span>{xpOnly ? T.xp.title : T.toPay}</span>
          <strong>{xpOnly ? formatXp(s.xp) : formatUah(s.money)}</strong>
        </div>
        <Button size="l" disabled={xpOnly && !covered} onClick={next} data-testid="payment-next">
          {T.next}
        </Button>
      </div>
    </div>
  );
}

import { useId, useState } from 'react';
import { inviteXp } from '../../domain/invite/calculator';
import { usePullOnOpen } from '../../state/use-pull';
import { useAppSession } from '../../state/session';
import { inviteActions } from '../../sync/programme/lazy';
import { ButtonLink } from '../../ui/button';
import { INVITE_COPY as T } from './copy';
import { useInviteRules } from './use-rules';
import '../../ui/hero.css';
import '../../ui/panel.css';
import './invite.css';
import { formatNumber } from '../../domain/format/uk-format';

const xp = (n: number) => formatNumber(n);

/**
 * /invite-friend/calculator: how much XP N invited friends bring (per friend, milestone bonuses,
 * the yearly cap), from the rules the server answers (invite/get-rules).
 */
export default function CalculatorPage() {
  const { variant } = useAppSession();
  const rules = useInviteRules(variant);
  usePullOnOpen((env) => inviteActions().then((m) => m.pullInviteRules(env, variant)), variant);
  const [raw, setRaw] = useState('3');
  const id = useId();
  const cap = rules.maxFriendsPerYear;
  const typed = raw.trim() === '' ? 0 : /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
  const invalid = !Number.isFinite(typed) || typed > cap;
  const r = inviteXp(Number.isFinite(typed) ? typed : 0, rules);
  const set = (n: number) => setRaw(String(Math.min(cap, Math.max(0, n))));

  return (
    <div className="invite">
      <section className="panel stack">
        <label className="field__label" htmlFor={id}>
          {T.friends}
        </label>
        <div className="calc-input">
          <button
            type="button"
            className="calc-step"
            aria-label={T.fewer}
            disabled={r.counted <= 0}
            onClick={() => set(r.counted - 1)}
          >
            −
          </button>
          <input
            id={id}
            className="calc-count"
            inputMode="numeric"
            value={raw}
            aria-invalid={invalid || undefined}
            aria-describedby={`${id}-hint`}
            data-testid="calc-friends"
            onChange={(e) => setRaw(e.target.value)}
          />
          <button
            type="button"
            className="calc-step"
            aria-label={T.moreFriends}
            disabled={r.counted >= cap}
            onClick={() => set(r.counted + 1)}
          >
            +
          </button>
        </div>
        <input
          className="calc-range"
          type="range"
          min={0}
          max={cap}
          value={r.counted}
          aria-label={T.friends}
          onChange={(e) => set(Number(e.target.value))}
        />
        <span
          id={`${id}-hint`}
          className={invalid ? 'field__error' : 'field__hint'}
          role={invalid ? 'alert' : undefined}
        >
          {invalid ? T.range(cap) : T.cap(cap)}
        </span>
      </section>

      <section className="hero calc-result" aria-live="polite">
        <p className="calc-result__caption">{T.totalCaption}</p>
        <p className="calc-result__total" data-testid="calc-total">
          {xp(r.totalXp)} <span>XP</span>
        </p>
        <p className="calc-result__line">{T.base(r.counted, rules.xpPerFriend)}</p>
        {r.bonusXp > 0 && (
          <p className="calc-result__line">
            {T.bonus}: +{xp(r.bonusXp)} XP
          </p>
        )}
        <p className="calc-result__line">
          {r.next ? T.next(r.next.friends - r.counted, r.next.bonusXp) : T.allMilestones}
        </p>
      </section>

      <section className="stack">
        <h2 className="t-h3">{T.milestones}</h2>
        <ul className="calc-milestones">
          {rules.milestones.map((m) => (
            <li key={m.friends} className={`calc-milestone${r.counted >= m.friends ? ' is-reached' : ''}`}>
              <strong>+{xp(m.bonusXp)} XP</strong>
              <span>{T.milestone(m.friends)}</span>
            </li>
          ))}
        </ul>
        <p className="t-small">{T.rulesNote}</p>
      </section>
      <ButtonLink to="/invite-friend" size="l" block>
        {T.share}
      </ButtonLink>
    </div>
  );
}

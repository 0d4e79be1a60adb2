import { useDoc, useXpBalance } from '../../db/hooks';
import { useAppSession } from '../../state/session';
import { usePullOnOpen } from '../../state/use-pull';
import type { BonusHistory } from '../../sync/pullers/xp';
import { scanActions } from '../../sync/scan-actions-lazy';
import { ButtonLink } from '../../ui/button';
import { EmptyState, Skeleton } from '../../ui/surfaces';
import { XP_COPY as T } from './copy';
import './xp.css';

type Tx = BonusHistory['transactions'][number];

const monthOf = (iso: string) => new Date(iso).toLocaleDateString('uk-UA', { month: 'long', year: 'numeric' });

function byMonth(list: readonly Tx[]): Array<[string, Tx[]]> {
  const out: Array<[string, Tx[]]> = [];
  for (const t of list) {
    const m = monthOf(t.created_at);
    const last = out[out.length - 1];
    if (last && last[0] === m) last[1].push(t);
    else out.push([m, [t]]);
  }
  return out;
}

const xp = (n: number) => `${n > 0 ? '+' : n < 0 ? '−' : ''}${Math.abs(n).toLocaleString('uk-UA')}`;

/**
 * /history-bonuses (spec §7 get-bonus-history): the summary and every transaction, newest first,
 * grouped by month; kept in the local database, so it reads offline with its age.
 */
export default function HistoryBonusesPage() {
  const { variant } = useAppSession();
  const pull = usePullOnOpen((env) => scanActions().then((m) => m.pullBonusHistory(env, variant)), variant);
  const doc = useDoc<BonusHistory>(variant, 'bonus-history');
  // The one balance every screen shows (the `xpBalance` row), not the summary pulled with the lines.
  const balance = useXpBalance(variant);
  if (doc === undefined || (doc === null && (pull === 'idle' || pull === 'running'))) return <Skeleton lines={6} height={44} />;
  if (doc === null) return <EmptyState icon="offline" title={T.offline} />;
  const { summary, transactions } = doc.value;
  const stale = pull === 'offline' || pull === 'failed';
  return (
    <>
      <section className="hero xp-summary" data-testid="xp-summary">
        <span className="xp-hero__caption">{T.balance}</span>
        <strong className="xp-hero__balance" data-testid="xp-history-balance">
          {(balance ?? summary.balance).toLocaleString('uk-UA')} <span>XP</span>
        </strong>
        <div className="xp-summary__figures">
          <span>
            {T.earned}
            <strong>{xp(summary.earned)}</strong>
          </span>
          <span>
            {T.spent}
            <strong>{xp(-summary.spent)}</strong>
          </span>
          <span>
            {T.count}
            <strong>{summary.count.toLocaleString('uk-UA')}</strong>
          </span>
        </div>
      </section>
      {stale && <p className="page-intro">{T.updated(new Date(doc.fetchedAt).toLocaleString('uk-UA', { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' }))}</p>}
      {transactions.length === 0 ? (
        <EmptyState icon="spark" title={T.empty} text={T.emptyText} action={<ButtonLink to="/scanning">{T.scan}</ButtonLink>} />
      ) : (
        byMonth(transactions).map(([month, list]) => (
          <section key={month} className="stack">
            <h2 className="t-caption">{month}</h2>
            <ul className="xp-list">
              {list.map((t) => (
                <li key={t.id} className="xp-line" data-testid="xp-line">
                  <span className={`xp-line__dot${t.amount < 0 ? ' is-spent' : ''}`} aria-hidden="true" />
                  <span className="xp-line__text">
                    <strong>{t.title}</strong>
                    <span>
                      {new Date(t.created_at).toLocaleDateString('uk-UA', { day: 'numeric', month: 'short' })}
                      {T.reasons[t.reason] ? ` · ${T.reasons[t.reason]}` : ''}
                    </span>
                  </span>
                  <span className={`xp-line__amount${t.amount < 0 ? ' is-spent' : ''}`}>{xp(t.amount)}</span>
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
    </>
  );
}

import { useDoc, useXpBalance } from '../../db/hooks';
import { dayLabel, ledgerDays, pendingServerLine, pendingSum, serverLine } from '../../domain/xp/ledger';
import { pluralUk } from '../../domain/format/plural';
import { useAppSession } from '../../state/session';
import { useSyncMaybe } from '../../state/sync-context';
import { usePullOnOpen } from '../../state/use-pull';
import { useXpOutbox } from '../../state/xp-ledger';
import type { BonusHistory } from '../../sync/pullers/xp';
import { scanActions } from '../../sync/scan/lazy';
import { ButtonLink } from '../../ui/button';
import { EmptyState, Skeleton } from '../../ui/surfaces';
import { XP_COPY as T } from './copy';
import { LedgerLineItem } from './ledger-line';
import './xp.css';
import { formatDateTime, formatNumber } from '../../domain/format/uk-format';

const xp = (n: number) => `${n > 0 ? '+' : n < 0 ? '−' : ''}${formatNumber(Math.abs(n))}`;

/**
 * /history-bonuses (docs/api.md#shop get-bonus-history), the XP ledger as a bank statement:
 * every movement by day, newest first, with its state — waiting, being checked, refused (from
 * this device's outbox: a code scanned offline is here at once), owed (a friend's first order not
 * paid or handed over yet), credited or reversed (the server's lines, with the balance after
 * each). The balance is the one every screen shows.
 */
export default function HistoryBonusesPage() {
  const { variant } = useAppSession();
  const rt = useSyncMaybe();
  const pull = usePullOnOpen((env) => scanActions().then((m) => m.pullBonusHistory(env, variant)), variant);
  const doc = useDoc<BonusHistory>(variant, 'bonus-history');
  const balance = useXpBalance(variant);
  const outbox = useXpOutbox(variant);
  const loading = pull === 'idle' || pull === 'running';
  if (doc === undefined || outbox === undefined || (doc === null && loading && outbox.length === 0))
    return <Skeleton lines={6} height={44} />;
  const owed = (doc?.value.pending ?? []).map(pendingServerLine);
  const lines = [...outbox, ...owed, ...(doc?.value.transactions ?? []).map(serverLine)];
  if (doc === null && lines.length === 0) return <EmptyState icon="offline" title={T.offline} />;
  const summary = doc?.value.summary;
  const pending = pendingSum([...outbox, ...owed]);
  const stale = pull === 'offline' || pull === 'failed';
  const now = Date.now();
  return (
    <>
      <section className="hero xp-summary" data-testid="xp-summary">
        <span className="xp-hero__caption">{T.balance}</span>
        <strong className="xp-hero__balance" data-testid="xp-history-balance">
          {formatNumber(balance ?? summary?.balance ?? 0)} <span>XP</span>
        </strong>
        {pending.count > 0 && (
          <span className="xp-pending" data-testid="xp-pending">
            {pending.known !== 0 ? T.pendingKnown(xp(pending.known).replace(/^\+/, '')) : ''}
            {pending.known !== 0 && pending.unpriced > 0 ? ' · ' : ''}
            {pending.unpriced > 0
              ? T.pendingUnpriced(pending.unpriced, pluralUk(pending.unpriced, ['дія', 'дії', 'дій']))
              : ''}
          </span>
        )}
        {summary && (
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
              <strong data-testid="xp-history-count">{formatNumber(summary.count)}</strong>
            </span>
          </div>
        )}
      </section>
      {doc === null && <p className="page-intro">{T.offlinePending}</p>}
      {doc && stale && <p className="page-intro">{T.updated(formatDateTime(doc.fetchedAt, { year: false }))}</p>}
      {lines.length === 0 ? (
        <EmptyState
          icon="spark"
          title={T.empty}
          text={T.emptyText}
          action={<ButtonLink to="/scanning">{T.scan}</ButtonLink>}
        />
      ) : (
        ledgerDays(lines).map((day) => (
          <section key={day.date} className="stack" data-testid="xp-day">
            <h2 className="t-caption">{dayLabel(day.date, now)}</h2>
            <ul className="ruled-list xp-list">
              {day.lines.map((l) => (
                <LedgerLineItem
                  key={l.key}
                  line={l}
                  onRetry={rt ? (id) => void rt.outbox.retryFailed(id) : undefined}
                  onRemove={rt ? (id) => void rt.outbox.cancelFailed(id) : undefined}
                />
              ))}
            </ul>
          </section>
        ))
      )}
    </>
  );
}

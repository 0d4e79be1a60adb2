import { useDoc, useXpBalance } from '../../db/hooks';
import { scanProgress } from '../../domain/scan/goal';
import type { PullState } from '../../state/use-pull';
import type { ScanStats } from '../../sync/pullers/scans';
import { Skeleton } from '../../ui/surfaces';
import { ScanIcon } from '../../ui/scanner/scan-icons';
import { SCAN_COPY } from './copy';
import { formatNumber } from '../../domain/format/uk-format';

const T = SCAN_COPY.month;

/**
 * The month in figures (docs/api.md#scan): scans against the goal (get-scan-count; a code other than 200
 * shows the error state, docs/rules.md#error-reactions), progress, XP the scans earned, the full balance and the server's
 * message. The balance is this variant's (docs/rules.md#product: separate accounts), the same `xpBalance` row
 * every screen reads, never get-full-balance's glo + ogo total. Read from the local database;
 * shown offline with what was last pulled.
 */
export function MonthCard({ variant, pull }: { variant: 'glo' | 'ogo'; pull: PullState }) {
  const doc = useDoc<ScanStats>(variant, 'scan-stats');
  const balance = useXpBalance(variant);
  if (doc === undefined || (doc === null && (pull === 'idle' || pull === 'running'))) {
    return (
      <section className="card month-card" aria-busy="true">
        <Skeleton lines={3} />
      </section>
    );
  }
  if (doc === null) {
    return (
      <section className="card month-card month-card--empty" data-testid="month-card">
        <ScanIcon name="clock" size={20} />
        <span>{T.offline}</span>
      </section>
    );
  }
  const s = doc.value;
  const line = T.count(s.count ?? 0, s.goal);
  return (
    <section className="card month-card" data-testid="month-card">
      <div className="month-card__top">
        <div>
          <span className="t-caption">{T.title}</span>
          {s.countError ? (
            <p className="month-card__error" role="alert" data-testid="scan-count-error">
              {T.countError}
            </p>
          ) : (
            <p className="month-card__count" data-testid="scan-count">
              <strong>{line.figure}</strong> <span>{line.words}</span>
            </p>
          )}
        </div>
        <div className="month-card__ring" style={{ ['--p' as string]: `${s.percent}` }} aria-label={`${s.percent}%`}>
          <span>{s.percent}%</span>
        </div>
      </div>
      <div
        className="month-card__bar"
        role="progressbar"
        aria-label={T.progress}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={s.percent}
      >
        <span style={{ width: `${Math.round(scanProgress(s.percent, 100) * 100)}%` }} />
      </div>
      <p className="month-card__message">{s.message}</p>
      <div className="month-card__foot">
        <span>{T.coin(s.coinMonth)}</span>
        <span className="month-card__balance" data-testid="full-balance">
          {T.balance(variant)}: <strong>{balance == null ? '…' : `${formatNumber(balance)} XP`}</strong>
        </span>
      </div>
      {s.managerAdded && (
        <span className="month-card__manager">
          <ScanIcon name="badge" size={16} /> {T.manager}
        </span>
      )}
    </section>
  );
}

import { useState } from 'react';
import { useDoc, useScanHistory } from '../../db/hooks';
import { mergeHistory, type HistoryLine } from '../../domain/scan/state';
import { useAppSession, useAuthEnvNow } from '../../state/session';
import { usePullOnOpen } from '../../state/use-pull';
import type { ScanHistoryMeta } from '../../sync/pullers/scans';
import { scanActions } from '../../sync/scan/lazy';
import { Button, ButtonLink } from '../../ui/button';
import { EmptyState, Skeleton } from '../../ui/surfaces';
import { SCAN_COPY } from './copy';
import { ScanList } from './scan-list';
import { lineOfScan, useScanRows } from './use-scan-rows';
import './scan.css';
import { formatNumber, formatMonthYear } from '../../domain/format/uk-format';

const T = {
  total: 'Кодів відскановано',
  xp: 'XP за сканування',
  empty: 'Ти ще нічого не сканував',
  emptyText: 'Відскануй код з пачки — і він з’явиться тут разом з нарахованими XP.',
  offline: 'Історія завантажиться, щойно з’явиться зв’язок',
  offlineText: 'Коди, відскановані на цьому телефоні, вже тут.',
  more: 'Показати ще',
  scan: 'Сканувати',
  failed: 'Не вдалося завантажити ще — спробуй пізніше',
};

const monthOf = (at: number) => formatMonthYear(at);

/** Lines grouped by month, in order. */
function byMonth(lines: readonly HistoryLine[]): Array<[string, HistoryLine[]]> {
  const out: Array<[string, HistoryLine[]]> = [];
  for (const l of lines) {
    const m = monthOf(l.at);
    const last = out[out.length - 1];
    if (last && last[0] === m) last[1].push(l);
    else out.push([m, [l]]);
  }
  return out;
}

/**
 * /scan/history: get-history pages (offset paging, «Показати ще») merged with the
 * codes of this phone and their states, newest first; readable offline.
 */
export default function ScanHistoryPage() {
  const { variant } = useAppSession();
  const envNow = useAuthEnvNow();
  const pull = usePullOnOpen((e) => scanActions().then((m) => m.pullScanHistory(e, variant)), variant);
  const server = useScanHistory(variant);
  const local = useScanRows(variant);
  const meta = useDoc<ScanHistoryMeta>(variant, 'scan-history');
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreFailed, setMoreFailed] = useState(false);

  if (server === undefined || local === undefined || meta === undefined) return <Skeleton lines={5} height={52} />;
  const lines = mergeHistory(
    server.map((h) => ({
      code: h.code,
      at: Date.parse(h.createdAt),
      state: 'credited' as const,
      xp: h.coins,
      product: h.product,
      message: null,
      source: h.source,
    })),
    local.map((r) => ({
      ...lineOfScan(r),
      source: r.via === 'photo' ? ('multi' as const) : ('single' as const),
    })),
  );
  const loading = pull === 'idle' || pull === 'running';
  if (lines.length === 0) {
    if (loading) return <Skeleton lines={5} height={52} />;
    const couldNotAsk = pull === 'offline' || pull === 'failed';
    return couldNotAsk ? (
      <EmptyState icon="offline" title={T.offline} />
    ) : (
      <EmptyState
        icon="scan"
        title={T.empty}
        text={T.emptyText}
        action={<ButtonLink to="/scanning">{T.scan}</ButtonLink>}
      />
    );
  }
  const more = async () => {
    setLoadingMore(true);
    setMoreFailed(false);
    const r = await (await scanActions()).pullMoreHistory(await envNow(), variant, server.length);
    setLoadingMore(false);
    setMoreFailed(r !== 'pulled');
  };
  return (
    <>
      {meta && (
        <section className="card history-summary" data-testid="scan-history-summary">
          <div>
            <strong>{formatNumber(meta.value.total)}</strong>
            <span>{T.total}</span>
          </div>
          <div>
            <strong>+{formatNumber(meta.value.coinCount)}</strong>
            <span>{T.xp}</span>
          </div>
        </section>
      )}
      {(pull === 'offline' || pull === 'failed') && <p className="page-intro">{T.offlineText}</p>}
      {byMonth(lines).map(([month, group]) => (
        <section key={month} className="stack">
          <h2 className="t-caption">{month}</h2>
          <ScanList
            lines={group.map((l) => ({ ...l, detail: l.source === 'multi' ? SCAN_COPY.via.photo : undefined }))}
            testId="history-row"
          />
        </section>
      ))}
      {meta?.value.nextOffset !== null && meta?.value.nextOffset !== undefined && (
        <Button variant="secondary" block busy={loadingMore} onClick={() => void more()} data-testid="history-more">
          {T.more}
        </Button>
      )}
      {moreFailed && <p className="page-intro">{T.failed}</p>}
    </>
  );
}

import { Link } from 'react-router';
import { waitingSummary } from '../../domain/scan/state';
import { usePullOnOpen } from '../../state/use-pull';
import { scanActions } from '../../sync/scan/lazy';
import { EmptyState, Skeleton } from '../../ui/surfaces';
import { SCAN_COPY as T } from './copy';
import { MonthCard } from './month-card';
import { ScanLinks } from './scan-links';
import { ScanList } from './scan-list';
import { lineOfScan, useScanRows } from './use-scan-rows';
import { useScanRefusalsAnswered } from './use-scan-refusals';

const RECENT = 6;

/**
 * The part of /scanning under the camera: the month's progress, the codes scanned on this phone
 * with their states, and the other scan screens. Loaded after the scanner (a chunk of its own).
 */
export default function ScanningDetails({ variant }: { variant: 'glo' | 'ogo' }) {
  const rows = useScanRows(variant);
  useScanRefusalsAnswered(rows);
  // Within its freshness: each credited code queues the month's figures for one pull once the
  // codes sent with it are in (src/sync/views-refresh.ts), not one pull per code or per reconnect.
  const pull = usePullOnOpen((env) => scanActions().then((m) => m.pullScanStats(env, variant)), variant);
  const waiting = rows?.filter((r) => r.shown === 'waiting' || r.shown === 'sent').length ?? 0;
  return (
    <>
      <MonthCard variant={variant} pull={pull} />
      <section className="stack" aria-labelledby="recent-title">
        <div className="scan-section-head">
          <h2 className="t-h3" id="recent-title">
            {T.recent.title}
          </h2>
          {waiting > 0 && (
            <span className="scan-chip is-waiting" data-testid="waiting-count">
              {waitingSummary(waiting)}
            </span>
          )}
        </div>
        {rows === undefined ? (
          <Skeleton lines={3} height={48} />
        ) : rows.length === 0 ? (
          <EmptyState icon="scan" title={T.recent.empty} text={T.recent.emptyText} />
        ) : (
          <>
            <ScanList lines={rows.slice(0, RECENT).map((r) => ({ ...lineOfScan(r), detail: T.via[r.via] }))} />
            <Link to="/scan/history" className="scan-more">
              {T.recent.all}
            </Link>
          </>
        )}
      </section>
      <ScanLinks
        links={[
          { to: '/scan/multi', icon: 'photo', title: T.links.multi, text: T.links.multiText },
          { to: '/scan/history', icon: 'history', title: T.links.history, text: T.links.historyText },
          { to: '/scan/instruction', icon: 'info', title: T.links.instruction, text: T.links.instructionText },
          { to: '/scanbox', icon: 'qr', title: T.links.scanbox, text: T.links.scanboxText },
        ]}
      />
    </>
  );
}

import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { waitingSummary } from '../../domain/scan-state';
import { useAppSession } from '../../state/session';
import { usePullOnOpen } from '../../state/use-pull';
import { scanActions } from '../../sync/scan-actions-lazy';
import { Button } from '../../ui/button';
import { CameraScanner } from '../../ui/scanner/camera-scanner';
import { ScanIcon } from '../../ui/scanner/scan-icons';
import { EmptyState, Skeleton } from '../../ui/surfaces';
import { SCAN_COPY as T } from './copy';
import { SCAN_FORMATS } from './formats';
import { ManualEntry } from './manual-entry';
import { MonthCard } from './month-card';
import { ScanLinks } from './scan-links';
import { ScanList } from './scan-list';
import { useScanReader } from './use-scan-reader';
import { useScanRows } from './use-scan-rows';
import './scan.css';

const RECENT = 6;

/**
 * /scanning (issue 15): the camera scanner with the manual entry, the month's progress and the
 * codes scanned on this phone with their states. Works with no signal: codes wait on the phone.
 */
export default function ScanningPage() {
  const { variant } = useAppSession();
  const rows = useScanRows(variant);
  // Pulled again (forced) each time a code of this phone is credited: the month's figures move.
  const credited = rows?.filter((r) => r.state === 'credited').length ?? 0;
  const pull = usePullOnOpen((env) => scanActions().then((m) => m.pullScanStats(env, variant, credited > 0)), `${variant}:${credited}`);
  const read = useScanReader(variant);
  const [manual, setManual] = useState(false);
  const onRead = useCallback((text: string, format: string) => read(text, format, 'camera'), [read]);
  const waiting = rows?.filter((r) => r.shown === 'waiting' || r.shown === 'sent').length ?? 0;

  return (
    <>
      <CameraScanner formats={SCAN_FORMATS} onRead={onRead} onManual={() => setManual(true)} />
      {manual ? (
        <ManualEntry onSubmit={(code) => read(code, '', 'manual')} onClose={() => setManual(false)} autoFocus />
      ) : (
        <Button variant="secondary" block onClick={() => setManual(true)} icon={<ScanIcon name="keyboard" size={18} />} data-testid="manual-open">
          {T.manual.title}
        </Button>
      )}
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
            <ScanList lines={rows.slice(0, RECENT).map((r) => ({ code: r.code, at: r.scannedAt, state: r.shown, xp: r.xp, product: r.product, message: r.message, detail: T.via[r.via] }))} />
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

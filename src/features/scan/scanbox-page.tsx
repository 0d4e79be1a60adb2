import { useCallback, useState } from 'react';
import { useAppSession } from '../../state/session';
import { Button, ButtonLink } from '../../ui/button';
import { CameraScanner } from '../../ui/scanner/camera-scanner';
import { ScanIcon } from '../../ui/scanner/scan-icons';
import { SCAN_COPY as T } from './copy';
import { ManualEntry } from './manual-entry';
import { SCAN_FORMATS } from './formats';
import { ScanList } from './scan-list';
import { useScanReader } from './use-scan-reader';
import { useScanRows } from './use-scan-rows';
import { AnsweredScannerFeedback } from './scan-answer';
import { useScanRefusalsAnswered } from './use-scan-refusals';
import './scan.css';

/**
 * /scanbox: the scanner on its own, tall, for scanning several packs in a row (and a
 * consultant's badge); the last code read with its state under it.
 */
export default function ScanboxPage() {
  const { variant } = useAppSession();
  const read = useScanReader(variant);
  const rows = useScanRows(variant);
  useScanRefusalsAnswered(rows);
  const [manual, setManual] = useState(false);
  const onRead = useCallback((text: string, format: string) => read(text, format, 'camera'), [read]);
  const last = rows?.[0];
  return (
    <>
      <CameraScanner
        formats={SCAN_FORMATS}
        onRead={onRead}
        onManual={() => setManual(true)}
        caption={T.scanbox.caption}
        tall
        Feedback={AnsweredScannerFeedback}
      />
      {manual ? (
        <ManualEntry onSubmit={(code) => read(code, '', 'manual')} onClose={() => setManual(false)} autoFocus />
      ) : (
        <Button variant="secondary" block onClick={() => setManual(true)} icon={<ScanIcon name="keyboard" size={18} />}>
          {T.manual.title}
        </Button>
      )}
      {last && (
        <section className="stack">
          <h2 className="t-h3">{T.scanbox.last}</h2>
          <ScanList
            lines={[
              {
                code: last.code,
                at: last.scannedAt,
                state: last.shown,
                xp: last.xp,
                product: last.product,
                message: last.message,
                detail: T.via[last.via],
              },
            ]}
          />
        </section>
      )}
      <ButtonLink to="/scanning" variant="ghost">
        {T.scanbox.back}
      </ButtonLink>
    </>
  );
}

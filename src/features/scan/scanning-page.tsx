import { useCallback, useState } from 'react';
import { useAppSession } from '../../state/session';
import { Button } from '../../ui/button';
import { CameraScanner } from '../../ui/scanner/camera-scanner';
import { ScanIcon } from '../../ui/scanner/scan-icons';
import { SCAN_COPY as T } from './copy';
import { SCAN_FORMATS } from './formats';
import { ManualEntry } from './manual-entry';
import { AnsweredScannerFeedback } from './scan-answer';
import { useScanReader } from './use-scan-reader';
import ScanningDetails from './scanning-details';
import './scan.css';

/**
 * /scanning: the camera scanner with the manual entry first, then the month's progress
 * and the codes scanned on this phone with their states. Works with no signal: codes wait on the
 * phone and are sent when the network returns.
 */
export default function ScanningPage() {
  const { variant } = useAppSession();
  const read = useScanReader(variant);
  const [manual, setManual] = useState(false);
  const onRead = useCallback((text: string, format: string) => read(text, format, 'camera'), [read]);
  return (
    <>
      <CameraScanner
        formats={SCAN_FORMATS}
        onRead={onRead}
        onManual={() => setManual(true)}
        Feedback={AnsweredScannerFeedback}
      />
      {manual ? (
        <ManualEntry onSubmit={(code) => read(code, '', 'manual')} onClose={() => setManual(false)} autoFocus />
      ) : (
        <Button
          variant="secondary"
          block
          onClick={() => setManual(true)}
          icon={<ScanIcon name="keyboard" size={18} />}
          data-testid="manual-open"
        >
          {T.manual.title}
        </Button>
      )}
      <ScanningDetails variant={variant} />
    </>
  );
}

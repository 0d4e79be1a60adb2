import { useCallback, useRef, useState, type ComponentType } from 'react';
import { Button } from '../button';
import { SCANNER_COPY as T } from './copy';
import type { CodeFormat } from './decoder';
import { buzz } from './camera';
import { ScanIcon } from './scan-icons';
import { useCameraScanner } from './use-camera-scanner';
import './scanner.css';

/** What the page says about a read: shown over the picture for a moment, with a vibration. */
export interface ReadFeedback {
  tone: 'ok' | 'error' | 'info';
  title: string;
  text?: string;
  /** The club code kept and queued, whose server answer may follow (the page shows it in place). */
  code?: string;
}

/** One read's message over the picture. */
export function ScannerFeedback({ feedback }: { feedback: ReadFeedback }) {
  return (
    <div
      className={`scanner__feedback is-${feedback.tone}`}
      role="status"
      data-testid="scan-feedback"
      data-tone={feedback.tone}
    >
      <ScanIcon name={feedback.tone === 'ok' ? 'check' : feedback.tone === 'error' ? 'alert' : 'info'} size={22} />
      <span className="scanner__feedback-text">
        <strong>{feedback.title}</strong>
        {feedback.text && <span>{feedback.text}</span>}
      </span>
    </div>
  );
}

const FEEDBACK_MS = 2200;

/**
 * A live camera scanner: the rear camera, codes decoded in a worker, torch and
 * camera switch where the device has them, and a clear message with the manual entry when the
 * camera is refused, absent or busy. Each new code read goes to `onRead`; its answer is shown
 * at once (and felt, where vibration exists) and the scanner is ready for the next one.
 */
export function CameraScanner({
  formats,
  onRead,
  onManual,
  paused = false,
  caption = T.aim,
  tall = false,
  Feedback = ScannerFeedback,
}: {
  formats: CodeFormat[];
  onRead: (text: string, format: string) => Promise<ReadFeedback>;
  onManual?: () => void;
  paused?: boolean;
  caption?: string;
  tall?: boolean;
  /** Draws a read's message (the page's own may follow the server's answer; it draws ScannerFeedback). */
  Feedback?: ComponentType<{ feedback: ReadFeedback }>;
}) {
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const [feedback, setFeedback] = useState<(ReadFeedback & { n: number }) | null>(null);
  const timer = useRef(0);
  const onText = useCallback(
    async (text: string, format: string) => {
      const f = await onRead(text, format);
      buzz(f.tone === 'error' ? 'error' : 'ok');
      window.clearTimeout(timer.current);
      setFeedback((prev) => ({ ...f, n: (prev?.n ?? 0) + 1 }));
      timer.current = window.setTimeout(() => setFeedback(null), FEEDBACK_MS);
    },
    [onRead],
  );
  const { status, features, torchOn, toggleTorch, switchCamera, retry } = useCameraScanner(videoRef, {
    formats,
    paused,
    onText,
  });
  const problem = status.kind === 'problem' ? (status.problem === 'decoder' ? null : T.problems[status.problem]) : null;

  return (
    <div
      className={`scanner${tall ? ' scanner--tall' : ''}${status.kind === 'problem' ? ' scanner--problem' : ''}`}
      data-testid="scanner"
      data-status={status.kind === 'problem' ? `problem-${status.problem}` : status.kind}
    >
      <div className="scanner__view">
        <video ref={videoRef} className="scanner__video" muted playsInline autoPlay aria-label="Камера" />
        {status.kind === 'running' && <span className="scanner__frame" aria-hidden="true" />}
        {status.kind === 'running' && <span className="scanner__beam" aria-hidden="true" />}
        {status.kind === 'starting' && (
          <div className="scanner__overlay">
            <span className="scanner__spinner" aria-hidden="true" />
            <span>{T.starting}</span>
          </div>
        )}
        {status.kind === 'problem' && (
          <div className="scanner__overlay scanner__overlay--problem" role="alert" data-testid="scanner-problem">
            <ScanIcon name="cameraOff" size={34} />
            <strong>{problem?.title ?? T.problems.busy.title}</strong>
            <span>{problem?.text ?? T.decoderFailed}</span>
            <div className="scanner__problem-actions">
              {onManual && (
                <Button size="m" onClick={onManual} icon={<ScanIcon name="keyboard" size={18} />}>
                  {T.manual}
                </Button>
              )}
              {status.problem !== 'insecure' && (
                <Button size="m" variant="ghost" className="scanner__retry" onClick={retry}>
                  {T.retry}
                </Button>
              )}
            </div>
          </div>
        )}
        {feedback && <Feedback key={feedback.n} feedback={feedback} />}
        {status.kind === 'running' && (features.torch || features.cameras.length > 1) && (
          <div className="scanner__tools">
            {features.torch && (
              <button
                type="button"
                className={`scanner__tool${torchOn ? ' is-on' : ''}`}
                aria-pressed={torchOn}
                aria-label={torchOn ? T.torchOff : T.torchOn}
                onClick={() => void toggleTorch()}
              >
                <ScanIcon name="torch" size={20} />
              </button>
            )}
            {features.cameras.length > 1 && (
              <button type="button" className="scanner__tool" aria-label={T.switchCamera} onClick={switchCamera}>
                <ScanIcon name="switchCam" size={20} />
              </button>
            )}
          </div>
        )}
      </div>
      {status.kind !== 'problem' && <p className="scanner__caption">{caption}</p>}
    </div>
  );
}

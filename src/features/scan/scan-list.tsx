import type { HistoryLine } from '../../domain/scan/state';
import { SCAN_STATE_LABELS } from '../../domain/scan/state';
import { ScanIcon } from '../../ui/scanner/scan-icons';
import { SCAN_COPY as T } from './copy';
import { formatDayMonth, formatTime, sameKyivDay } from '../../domain/format/uk-format';

/** One line of a scan list: the code, when and how, and its state (with the XP or the reason). */
export type ScanLine = Omit<HistoryLine, 'source'> & { detail?: string };

const SCAN_STATE_TITLES = SCAN_STATE_LABELS;
const ICON = { waiting: 'clock', sent: 'upload', credited: 'check', refused: 'alert' } as const;

function when(at: number): string {
  const time = formatTime(at);
  return sameKyivDay(at, Date.now()) ? `Сьогодні, ${time}` : `${formatDayMonth(at, { short: true })}, ${time}`;
}

/** Scans with their states, newest first. */
export function ScanList({ lines, testId = 'scan-row' }: { lines: readonly ScanLine[]; testId?: string }) {
  return (
    <ul className="ruled-list scan-list">
      {lines.map((l) => (
        <li
          key={l.code}
          className={`ruled-row scan-line is-${l.state}`}
          data-testid={testId}
          data-scan-code={l.code}
          data-state={l.state}
        >
          <span className="scan-line__icon">
            <ScanIcon name={ICON[l.state]} size={18} />
          </span>
          <span className="scan-line__text">
            <strong className="scan-line__title">{l.product ?? `Код ${l.code.slice(0, 8)}…`}</strong>
            <span className="scan-line__meta">
              {when(l.at)}
              {l.detail ? ` · ${l.detail}` : ''}
            </span>
            {l.state === 'refused' && l.message && <span className="scan-line__reason">{l.message}</span>}
          </span>
          <span className={`scan-chip is-${l.state}`} title={SCAN_STATE_TITLES[l.state]}>
            {l.state === 'credited' ? T.states.credited(l.xp) : T.states.chip[l.state]}
          </span>
        </li>
      ))}
    </ul>
  );
}
